import { readFile } from 'node:fs/promises';
import { analyze, exitStatusOf, toCheckDocument, type ParsedInput } from '../core/index';
import { loadInput } from '../io/loadInput';
import { parseArgs, USAGE } from './args';
import { renderTextReport } from './textReport';

async function readAll(file: string): Promise<Uint8Array> {
  if (file === '-') {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return new Uint8Array(Buffer.concat(chunks));
  }
  return new Uint8Array(await readFile(file));
}

async function main(argv: readonly string[]): Promise<number> {
  const parsed = parseArgs(argv);
  if (!parsed.ok) {
    process.stderr.write(`seqscope: ${parsed.error}\n\n${USAGE}\n`);
    return 2;
  }
  if (parsed.command === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const { files, json, cutoff, session } = parsed.args;
  const inputs: ParsedInput[] = [];
  for (const [index, file] of files.entries()) {
    try {
      const bytes = await readAll(file);
      inputs.push(await loadInput(file === '-' ? '<stdin>' : file, bytes, index));
    } catch (e) {
      const err = e as NodeJS.ErrnoException;
      const why = err.code === 'ENOENT' ? 'no such file' : err.code === 'EISDIR' ? 'is a directory' : err.message;
      process.stderr.write(`seqscope: cannot read ${file}: ${why}\n`);
      return 2;
    }
  }
  const analysis = analyze(inputs, { cutoff, session });
  if (session !== null && analysis.sessions.length === 0) {
    const names = [...new Set(inputs.flatMap((i) => i.records.filter((r) => r.kind !== 'eval').map((r) => r.session)))].sort();
    process.stderr.write(`seqscope: no session named ${JSON.stringify(session)}; sessions are: ${names.join(', ') || '(none)'}\n`);
    return 2;
  }
  process.stdout.write(json ? `${JSON.stringify(toCheckDocument(analysis), null, 2)}\n` : renderTextReport(analysis));
  return exitStatusOf(analysis);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`seqscope: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exitCode = 2;
  },
);
