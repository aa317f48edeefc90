export interface CheckArgs {
  readonly files: string[];
  readonly json: boolean;
  readonly cutoff: number | null;
  readonly session: string | null;
}

export type ParsedArgs = { ok: true; command: 'check'; args: CheckArgs } | { ok: true; command: 'help' } | { ok: false; error: string };

export const USAGE = `Usage: seqscope check FILE... [--json] [--cutoff N] [--session NAME]

  FILE          a log or eval file (native JSON Lines, JSON, or a supported tool's format; .gz is fine); - reads standard input
  --json        print one JSON document instead of the text report
  --cutoff N    also show each session's state as of acceptance number N and its future leaks
  --session S   analyse only session S (eval records are always summarised)

Exit status: 0 no error findings, 1 at least one error finding, 2 bad usage or an unreadable file.`;

export function parseArgs(argv: readonly string[]): ParsedArgs {
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') return { ok: true, command: 'help' };
  if (argv[0] !== 'check') return { ok: false, error: `unknown command "${argv[0]}"` };
  const files: string[] = [];
  let json = false;
  let cutoff: number | null = null;
  let session: string | null = null;
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i]!;
    const valueOf = (): string | null => {
      const eq = a.indexOf('=');
      if (eq >= 0) return a.slice(eq + 1);
      const next = argv[i + 1];
      if (next === undefined) return null;
      i++;
      return next;
    };
    if (a === '--json') json = true;
    else if (a === '--cutoff' || a.startsWith('--cutoff=')) {
      const v = valueOf();
      if (v === null || !/^\d+$/.test(v)) return { ok: false, error: `--cutoff needs a non-negative integer, got ${v === null ? 'nothing' : JSON.stringify(v)}` };
      cutoff = Number(v);
    } else if (a === '--session' || a.startsWith('--session=')) {
      const v = valueOf();
      if (v === null || v === '') return { ok: false, error: '--session needs a session name' };
      session = v;
    } else if (a === '--help' || a === '-h') return { ok: true, command: 'help' };
    else if (a.startsWith('--')) return { ok: false, error: `unknown option ${a}` };
    else files.push(a);
  }
  if (files.length === 0) return { ok: false, error: 'no input files (use - for standard input)' };
  return { ok: true, command: 'check', args: { files, json, cutoff, session } };
}
