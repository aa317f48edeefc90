/** `seqscope check` of a gzip cut short gives one answer whether the file comes by path, on standard input or through a pipe. */
import { spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readOutcome as outcome, type CutOutcome } from '../io/test/cutOutcome';
import { readCliInput } from './readCliInput';
import { cliPath, requireBuiltCli, runCli } from './test/runCli';

const dir = mkdtempSync(join(tmpdir(), 'seqscope-gzcut-'));
const text = Array.from({ length: 12 }, (_, i) => `{"kind":"input","id":"r${i}","session":"s","accept_seq":${i + 1},"text":"line ${i}"}\n`).join('');
// gzip(1) and Node write the same zlib stream; fflate's (the loader's) differs, and the streamed read decompresses with zlib.
const gz = new Uint8Array(gzipSync(text));

afterEach(() => vi.restoreAllMocks());

const fromPath = (bytes: Uint8Array) => {
  const file = join(dir, 'cut.jsonl.gz');
  writeFileSync(file, bytes);
  return outcome(() => readCliInput(file, 0, true));
};

const fromStdin = (bytes: Uint8Array) => {
  vi.spyOn(process, 'stdin', 'get').mockReturnValue(Readable.from([Buffer.from(bytes)]) as unknown as typeof process.stdin);
  return outcome(() => readCliInput('-', 0, true));
};

/** A named pipe given as a path, as `seqscope check <(zcat …)` or /dev/stdin give: it cannot be read a second time. */
const fromPipe = (bytes: Uint8Array) => {
  const fifo = join(dir, `pipe-${bytes.length}`);
  expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
  createWriteStream(fifo).end(Buffer.from(bytes));
  return outcome(() => readCliInput(fifo, 0, true));
};

describe.skipIf(process.platform === 'win32')('every cut of a small gzip, from 1 byte to its full length', () => {
  it('is refused, kept saying it ends early, or whole alike by path, on standard input and through a pipe', { timeout: 60_000 }, async () => {
    const seen = new Set<string>();
    for (let n = 1; n <= gz.length; n++) {
      const cut = gz.slice(0, n);
      const byPath = await fromPath(cut);
      const at = `cut at ${n} of ${gz.length}`;
      seen.add(byPath.kind);
      if (n === gz.length) expect(byPath, at).toEqual({ kind: 'whole', words: '' });
      else if (byPath.kind === 'refused') expect(byPath.words, at).toBe(`a gzip file cut off after ${n} ${n === 1 ? 'byte' : 'bytes'}, before any of its content could be decompressed, so there is nothing to read`);
      else expect([byPath.kind, byPath.words], at).toEqual(['kept', expect.stringMatching(/^the gzip stream ends early \(the file was probably cut off while being written\): the [1-9]/)]);
      // The count of bytes decompressed may differ: the loader and zlib stop at different places in a cut stream.
      const sameClass = (o: CutOutcome) => ({ kind: o.kind, words: o.words.replace(/[\d,]+ bytes/, 'N bytes') });
      expect(sameClass(await fromStdin(cut)), `${at}, standard input`).toEqual(sameClass(byPath));
      expect(sameClass(await fromPipe(cut)), `${at}, a pipe`).toEqual(sameClass(byPath));
    }
    expect([...seen].sort()).toEqual(['kept', 'refused', 'whole']);
  });
});

describe.skipIf(process.platform === 'win32')('seqscope check of a gzip cut before any content', () => {
  it('exits 2 naming why, by path, on standard input and through a pipe', () => {
    requireBuiltCli();
    const file = join(dir, 'header-cut.jsonl.gz');
    writeFileSync(file, gz.subarray(0, 8));
    const why = 'a gzip file cut off after 8 bytes, before any of its content could be decompressed, so there is nothing to read';
    const byPath = runCli(['check', file]);
    expect([byPath.status, byPath.stdout, byPath.stderr]).toEqual([2, '', `seqscope: cannot read ${file}: ${why}\n`]);
    const piped = runCli(['check', '-'], Buffer.from(gz.subarray(0, 8)));
    expect([piped.status, piped.stderr]).toEqual([2, `seqscope: cannot read <stdin>: ${why}\n`]);
    const pipe = spawnSync('sh', ['-c', 'cat "$1" | "$2" "$3" check /dev/stdin', 'sh', file, process.execPath, cliPath], { encoding: 'utf8' });
    expect([pipe.status, pipe.stderr]).toEqual([2, `seqscope: cannot read /dev/stdin: ${why}\n`]);
  });
});
