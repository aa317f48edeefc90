import { formatCount } from '../core/countText';
import { quoted } from './names';

export interface CheckArgs {
  readonly files: string[];
  readonly json: boolean;
  readonly cutoff: number | null;
  readonly session: string | null;
  /** Where to write the Markdown audit report, or null. */
  readonly report: string | null;
  /** List every session and finding in the text report, not the first ones. */
  readonly all: boolean;
}

export interface CompareArgs {
  readonly base: string;
  readonly other: string;
  readonly json: boolean;
  readonly session: string | null;
  /** Where to write the comparison as a Markdown report, or null. */
  readonly report: string | null;
}

export type ParsedArgs =
  | { ok: true; command: 'check'; args: CheckArgs }
  | { ok: true; command: 'compare'; args: CompareArgs }
  | { ok: true; command: 'help' }
  | { ok: false; error: string };

export const USAGE = `Usage: seqscope check FILE... [--json] [--cutoff N] [--session NAME]
                      [--report FILE.md] [--all]
       seqscope compare BASE OTHER [--json] [--session NAME] [--report FILE.md]

check prints what the files say: inputs with hashes, sessions, evals, findings.
  FILE              a log or eval file, its format found from its content:
                    native JSON Lines or JSON, a Codex CLI rollout, an Inspect
                    AI log (.json, .eval), promptfoo results, an OpenAI Agents
                    SDK RunState or SQLite session; .gz is fine. - reads
                    standard input (once); after --, every argument is a file,
                    even one starting with -. A file given twice, or a copy of
                    it, is analysed once
  --json            print one JSON document instead of the text report
  --cutoff N        also show each session's state as of accept_seq N and its
                    future leaks
  --session NAME    analyse only session NAME (eval records are always
                    summarised)
  --report FILE.md  also write the Markdown audit report to FILE.md
  --all             list everything in the text report (without it: the first
                    200 sessions, 20 findings of each code, 50 rejected lines
                    of each input, 20 notes, keys and future leaks, the rest
                    counted)

compare lines up a second run (OTHER) against a first (BASE) by acceptance
number and identity, never by time, and prints the first divergence, decisions
and eval outcomes that differ, and findings in one run only.
  --json            print one JSON document instead of the text
  --session NAME    compare only session NAME (eval records are always
                    compared)
  --report FILE.md  also write the comparison as a Markdown report to FILE.md

Exit status:
  check    0 no error findings, 1 at least one error finding,
           2 bad usage or an unreadable file.
  compare  0 the runs agree in acceptance terms, 1 they diverge,
           2 bad usage or an unreadable file.`;

interface Options {
  positional: string[];
  json: boolean;
  cutoff: number | null;
  session: string | null;
  report: string | null;
  all: boolean;
  /** Options given, as written, so a command can refuse the ones it does not take. */
  given: string[];
}

/** Options that take no value: given as `--json=1` they are refused by name. */
const FLAGS = new Set(['--json', '--all', '--help']);

function parseOptions(argv: readonly string[]): Options | { error: string } | 'help' {
  const o: Options = { positional: [], json: false, cutoff: null, session: null, report: null, all: false, given: [] };
  let optionsEnded = false;
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i]!;
    // After --, and for - (standard input), an argument is a file whatever it looks like.
    if (optionsEnded || a === '-' || !a.startsWith('-')) {
      o.positional.push(a);
      continue;
    }
    if (a === '--') {
      optionsEnded = true;
      continue;
    }
    const valueOf = (): string | null => {
      const eq = a.indexOf('=');
      if (eq >= 0) return a.slice(eq + 1);
      const next = argv[i + 1];
      if (next === undefined) return null;
      i++;
      return next;
    };
    const name = a.startsWith('--') ? a.split('=')[0]! : a;
    // `--json=1` was called an unknown option, as if --json were not one.
    if (name !== a && FLAGS.has(name)) return { error: `${name} takes no value; give ${name} alone` };
    // Given twice, the second would silently replace the first: `--session a --session b` reads as both.
    if (name !== '--json' && name !== '--all' && o.given.includes(name)) return { error: `${name} is given more than once; give it once` };
    if (a === '--json') o.json = true;
    else if (a === '--all') o.all = true;
    else if (name === '--cutoff') {
      const v = valueOf();
      if (v === null || !/^\d+$/.test(v)) return { error: `--cutoff needs a non-negative integer, got ${v === null ? 'nothing' : quoted(v)}` };
      // Past 2^53 a number is no longer the one written: 9007199254740993 would silently become ...992.
      if (!Number.isSafeInteger(Number(v))) return { error: `--cutoff ${v} is larger than an acceptance number can be (at most ${Number.MAX_SAFE_INTEGER})` };
      o.cutoff = Number(v);
    } else if (name === '--session') {
      const v = valueOf();
      // "" is a session name a log may use (a report lists it as ""); only a missing value is no name.
      if (v === null) return { error: '--session needs a session name' };
      o.session = v;
    } else if (name === '--report') {
      const v = valueOf();
      if (v === null || v === '' || v === '-') return { error: '--report needs a file name to write the Markdown report to' };
      o.report = v;
    } else if (a === '--help' || a === '-h') return 'help';
    // A file whose name starts with - goes after -- (or as ./-name): `-j` read as a file said "no such file".
    else return { error: `unknown option ${quoted(a)}${a.startsWith('--') ? '' : ' (a file whose name starts with - goes after --)'}` };
    o.given.push(name);
  }
  return o;
}

export function parseArgs(argv: readonly string[]): ParsedArgs {
  // Bare, the command is misused (a script that lost its arguments must not pass); help is asked for by name.
  if (argv.length === 0) return { ok: false, error: 'no command given (check or compare)' };
  if (argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') return { ok: true, command: 'help' };
  const command = argv[0]!;
  if (command !== 'check' && command !== 'compare') return { ok: false, error: `unknown command ${quoted(command)}` };
  const o = parseOptions(argv);
  if (o === 'help') return { ok: true, command: 'help' };
  if ('error' in o) return { ok: false, error: o.error };
  const { positional: files, json, cutoff, session, report, all } = o;
  if (command === 'check') {
    if (files.length === 0) return { ok: false, error: 'no input files (use - for standard input)' };
    // Standard input can be read once: a second - would be read as an empty input of its own.
    if (files.filter((f) => f === '-').length > 1) return { ok: false, error: '- (standard input) is given more than once; standard input can be read only once' };
    return { ok: true, command: 'check', args: { files, json, cutoff, session, report, all } };
  }
  const refused = o.given.find((g) => g === '--cutoff' || g === '--all');
  if (refused) return { ok: false, error: `compare does not take ${refused}` };
  if (files.length !== 2) return { ok: false, error: `compare needs exactly two files, BASE and OTHER; got ${formatCount(files.length)}` };
  if (files[0] === '-' && files[1] === '-') return { ok: false, error: 'only one of BASE and OTHER can be standard input' };
  return { ok: true, command: 'compare', args: { base: files[0]!, other: files[1]!, json, session, report } };
}
