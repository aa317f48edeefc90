import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateLogLines } from '../../scripts/generateLog';
import { DEFAULT_LIMITS } from '../io/limits';
import { cliPath, requireBuiltCli, runCli } from './test/runCli';

const dir = mkdtempSync(join(tmpdir(), 'seqscope-split-'));
const enc = new TextEncoder();

/** A log with every kind of line a range reader must read alike, spread so that any cut falls among them. */
function awkwardLog(): Uint8Array {
  const special = [
    '',
    '  ',
    '\uFEFF{"kind":"input","id":"marked","op":"allow","accept_seq":1}',
    '{"kind":"input","op":"allow","accept_seq":2}',
    '{"kind":"input","id":"bad","accept_seq":"3"}',
    'not json',
    '{"kind":"eval","id":9007199254740993,"case_id":"w","status":"pass","score":12345678901234567891}',
    '{"kind":"command","id":"c","task":"T","revision":2,"payload":{"amount":9007199254740993}}',
    '{"kind":"eval","id":"z","case_id":"z","status":"fail","score":-0,"__proto__":{"x":1}}',
    '{"kind":"write","session":"s-beta","resource":"r","fields":{"note":"é ✓ 𝄞"}}',
  ];
  const lines = generateLogLines(12_000, 3);
  const parts: Uint8Array[] = [];
  lines.forEach((line, i) => {
    parts.push(enc.encode(`${line}${i % 7 === 0 ? '\r\n' : '\n'}`));
    if (i % 500 === 0) parts.push(enc.encode(`${special[(i / 500) % special.length]}\n`));
    if (i % 2000 === 1) parts.push(Uint8Array.of(0x7b, 0x22, 0x69, 0x64, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d, 0x0a));
  });
  return Buffer.concat(parts);
}

const file = join(dir, 'awkward.jsonl');
writeFileSync(file, awkwardLog());

/** Reads as the CLI does with the least size for a split read set (`Infinity`: never split). */
async function readWith(splitFrom: string) {
  const before = process.env.SEQSCOPE_SPLIT_READ_BYTES;
  process.env.SEQSCOPE_SPLIT_READ_BYTES = splitFrom;
  try {
    const { readCliInput } = await import('./readCliInput');
    return await readCliInput(file, 0, true);
  } finally {
    if (before === undefined) delete process.env.SEQSCOPE_SPLIT_READ_BYTES;
    else process.env.SEQSCOPE_SPLIT_READ_BYTES = before;
  }
}

describe('a large native file read on two threads', () => {
  // The sources run here as they are: the worker's code is bundled as the CLI's build bundles it and given as its global.
  const global = globalThis as { SEQSCOPE_RANGE_WORKER?: string };
  beforeAll(async () => {
    const { rangeWorkerDefine } = (await import(join(__dirname, '../../scripts/build-cli.mjs'))) as { rangeWorkerDefine: () => Promise<Record<string, string>> };
    global.SEQSCOPE_RANGE_WORKER = JSON.parse((await rangeWorkerDefine()).SEQSCOPE_RANGE_WORKER!) as string;
  });
  afterAll(() => delete global.SEQSCOPE_RANGE_WORKER);

  it('gives exactly the input one thread reads: records, rejected lines, notes, hash', async () => {
    const { SecondRange, secondRangeStart } = await import('./splitRead');
    const size = readFileSync(file).length;
    const start = secondRangeStart(file, size, 0)!;
    expect(readFileSync(file)[start - 1]).toBe(10);
    // The worker itself starts and reads its range: a split read that quietly fell back to one thread would pass the rest.
    const second = SecondRange.start({ file, start, name: file, index: 0, limits: DEFAULT_LIMITS }, () => {})!;
    const totals = await second.done;
    second.stop();
    expect(totals?.contentBytes).toBe(size - start);
    expect(second.batches.length).toBeGreaterThan(0);

    const one = await readWith('Infinity');
    const two = await readWith('0');
    expect(two).toStrictEqual(one);
    expect(one.rejected.length).toBeGreaterThan(2);
    expect(one.notes.length).toBeGreaterThan(0);
    expect(one.records.some((r) => !r.hasId)).toBe(true);
  });
});

describe('the built CLI', () => {
  // A bundle made without the worker (a plain esbuild of main.ts) reads on one thread, and this would compare it with itself.
  const hasWorker = (() => {
    try {
      return readFileSync(cliPath, 'utf8').includes('src/cli/rangeWorker.ts');
    } catch {
      return false;
    }
  })();

  it.skipIf(!hasWorker)('prints the same document and report reading a file on two threads as on one', () => {
    requireBuiltCli();
    for (const args of [['check', file, '--json', '--cutoff', '5000'], ['check', file]]) {
      const one = runCli(args, undefined, { env: { SEQSCOPE_SPLIT_READ_BYTES: 'Infinity' } });
      const two = runCli(args, undefined, { env: { SEQSCOPE_SPLIT_READ_BYTES: '0' } });
      expect(two.stderr).toBe('');
      expect([two.status, two.stdout]).toEqual([one.status, one.stdout]);
    }
  });
});
