/** The page's worker leaves out a file that is the same log as one before it: by its bytes, or by its content once decompressed. */
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOT_HASHED } from '../core/fileHash';
import { sha256Hex } from '../io/sha256';
import { hashBlob } from './hashFiles';
import { readSources } from './readSources';
import { STREAM_MIN_BYTES, STREAM_MIN_GZIP_BYTES } from './streamSizes';

vi.mock('./hashFiles', async (original) => {
  const actual = await original<typeof import('./hashFiles')>();
  return { ...actual, hashBlob: vi.fn(actual.hashBlob) };
});

const hooks = { reading: () => undefined, progress: () => undefined };
const file = (name: string, bytes: Uint8Array) => ({ name, blob: new Blob([bytes as Uint8Array<ArrayBuffer>]) });

/** A native log of at least `size` bytes; its token compresses poorly, so a gzip of a large one is streamed too. */
function logOf(size: number, session = 's'): Uint8Array {
  const lines: string[] = [];
  for (let i = 1, at = 0; at < size; i++) {
    const line = JSON.stringify({ kind: 'input', id: `r${i}`, session, accept_seq: i, op: 'allow', resource: 'R', token: (Math.imul(i, 2654435761) >>> 0).toString(36) });
    lines.push(line);
    at += line.length + 1;
  }
  return new TextEncoder().encode(lines.join('\n') + '\n');
}

/** Another gzip of the same content: another level, and another time in the header's MTIME field. */
function otherGzip(content: Uint8Array): Uint8Array {
  const gz = gzipSync(content, { level: 1 });
  gz.writeUInt32LE(1_700_000_000, 4);
  return gz;
}

beforeEach(() => {
  vi.mocked(hashBlob).mockClear();
});

describe.each([
  ['read whole', logOf(2000)],
  ['streamed', logOf(STREAM_MIN_BYTES + 1000)],
])('a log and its gzip, %s', (_, log) => {
  const gz = gzipSync(log);

  it('is one log whichever comes first: the second is left out, named with the content SHA-256', async () => {
    expect(gz.length >= STREAM_MIN_GZIP_BYTES).toBe(log.length >= STREAM_MIN_BYTES);
    const sha256 = await sha256Hex(log);
    const plain = file('log.jsonl', log);
    const gzipped = file('log.jsonl.gz', gz);
    for (const [first, again] of [[plain, gzipped], [gzipped, plain]] as const) {
      const { inputs, already } = await readSources([first, again], 0, hooks);
      expect(inputs.map((i) => i.name)).toEqual([first.name]);
      expect(already).toEqual([{ index: 1, name: again.name, sameAs: first.name, sha256, onceDecompressed: true }]);
    }
  });

  it('is one log in two gzips made at other levels and times, whose files differ', async () => {
    const other = otherGzip(log);
    expect(await sha256Hex(other)).not.toBe(await sha256Hex(gz));
    const { inputs, already } = await readSources([file('a.jsonl.gz', gz), file('b.jsonl.gz', other)], 0, hooks);
    // Streamed, the kept gzip is not hashed: no other file is as long, and the page hashes it after the view.
    expect(inputs.map((i) => [i.name, i.sha256])).toEqual([['a.jsonl.gz', log.length >= STREAM_MIN_BYTES ? NOT_HASHED : await sha256Hex(gz)]]);
    expect(already).toEqual([{ index: 1, name: 'b.jsonl.gz', sameAs: 'a.jsonl.gz', sha256: await sha256Hex(log), onceDecompressed: true }]);
  });

  it('keeps another log of other length without hashing any content, and the same gzip twice by its own hash', async () => {
    const { inputs, already } = await readSources([file('log.jsonl.gz', gz), file('other.jsonl', logOf(log.length + 100, 't')), file('copy.jsonl.gz', gz)], 0, hooks);
    expect(inputs.map((i) => i.name)).toEqual(['log.jsonl.gz', 'other.jsonl']);
    expect(already).toEqual([{ index: 2, name: 'copy.jsonl.gz', sameAs: 'log.jsonl.gz', sha256: await sha256Hex(gz), onceDecompressed: false }]);
    // A streamed file is read without its hash: only the two gzips as long as each other are hashed here, and no content.
    const hashedSizes = vi.mocked(hashBlob).mock.calls.map(([b]) => b.size);
    expect(hashedSizes).toEqual(log.length >= STREAM_MIN_BYTES ? [gz.length, gz.length] : []);
  });
});

describe('two logs of the same length', () => {
  it('are both kept: the content is hashed and differs (the plain file’s is its own hash, made now)', async () => {
    const log = logOf(STREAM_MIN_BYTES + 1000);
    const other = log.slice();
    other[10] = other[10] === 0x61 ? 0x62 : 0x61;
    const { inputs, already } = await readSources([file('log.jsonl.gz', gzipSync(log)), file('other.jsonl', other)], 0, hooks);
    expect(inputs.map((i) => i.name)).toEqual(['log.jsonl.gz', 'other.jsonl']);
    expect(already).toEqual([]);
    expect(vi.mocked(hashBlob)).toHaveBeenCalledTimes(2);
    expect(inputs[1]!.sha256).toBe(await sha256Hex(other));
    expect(inputs[0]!.sha256).toBe(NOT_HASHED);
  });
});

describe('a file of the same length that cannot be read again to be hashed', () => {
  const log = logOf(STREAM_MIN_BYTES + 1000);
  const other = log.slice();
  other[10] = other[10] === 0x61 ? 0x62 : 0x61;
  const failOn = (blob: Blob) =>
    vi.mocked(hashBlob).mockImplementation(async (b, max) => {
      if (b === blob) throw new Error('the file changed on disk');
      const { hashBlob: actual } = await vi.importActual<typeof import('./hashFiles')>('./hashFiles');
      return actual(b, max);
    });
  afterEach(() => {
    vi.mocked(hashBlob).mockReset();
  });

  it('kept before: is the same as nothing, and the file being read is kept beside it', async () => {
    const first = file('first.jsonl', log);
    failOn(first.blob);
    const { inputs, already, unreadable } = await readSources([first, file('second.jsonl', other)], 0, hooks);
    expect(inputs.map((i) => [i.name, i.sha256])).toEqual([
      ['first.jsonl', NOT_HASHED],
      ['second.jsonl', await sha256Hex(other)],
    ]);
    expect(already).toEqual([]);
    expect(unreadable).toEqual([]);
  });

  it('being read: is named as unreadable, with why, and the file kept before stays', async () => {
    const second = file('second.jsonl', other);
    failOn(second.blob);
    const { inputs, already, unreadable } = await readSources([file('first.jsonl', log), second], 0, hooks);
    expect(inputs.map((i) => i.name)).toEqual(['first.jsonl']);
    expect(already).toEqual([]);
    const reason = 'it could not be read again, to tell whether it is a file already open (the file changed on disk)';
    expect(unreadable).toEqual([{ index: 1, file: 'second.jsonl', reason, message: `second.jsonl: ${reason}` }]);
  });
});
