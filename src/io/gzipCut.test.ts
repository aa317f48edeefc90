/** What a gzip cut short, or followed by other bytes, is said to be: only a trailer that is there is compared. */
import { gzipSync as nodeGzip } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { loadInput, UnreadableInputError } from './loadInput';
import { cutOutcome, type CutOutcome } from './test/cutOutcome';

const log = (n: number) => Array.from({ length: n }, (_, i) => `{"kind":"input","id":"r${i}","text":"line ${i} ${'abc'.repeat(i % 7)}"}\n`).join('');
const joined = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((p) => [...p]));

const outcomeOf = async (bytes: Uint8Array): Promise<CutOutcome> => {
  try {
    return cutOutcome(await loadInput('cut.jsonl.gz', bytes, 0));
  } catch (e) {
    if (!(e instanceof UnreadableInputError)) throw e;
    return { kind: 'refused', words: e.reason };
  }
};

describe('a gzip cut after some of its content', () => {
  it('says it ends early wherever the cut falls, in its data or its trailer, never "does not match its trailer"', async () => {
    const bytes = new Uint8Array(nodeGzip(log(30)));
    for (let n = 80; n < bytes.length; n++) {
      expect((await outcomeOf(bytes.subarray(0, n))).words, `cut at ${n} of ${bytes.length}`).toMatch(/^the gzip stream ends early \(the file was probably cut off while being written\): the [1-9]/);
    }
  });
});

describe('what follows a whole gzip member', () => {
  const whole = new Uint8Array(nodeGzip(log(20)));

  it('says "does not match its trailer" when the trailer is there and wrong', async () => {
    for (const at of [8, 6, 3, 1]) {
      const damaged = whole.slice();
      damaged[damaged.length - at]! ^= 0x40;
      expect(await outcomeOf(damaged)).toEqual({ kind: 'kept', words: expect.stringMatching(/^the gzip data does not match its trailer \(size or CRC-32\): the file is damaged;/) as unknown as string });
    }
  });

  it('says a few bytes after the trailer are not gzip, and a next member cut in its first bytes ends early', async () => {
    for (const extra of [[0], [0, 0], [10, 13, 10]]) {
      expect((await outcomeOf(joined(whole, Uint8Array.from(extra)))).words).toMatch(/^the gzip data is damaged or followed by bytes that are not gzip/);
    }
    for (const extra of [[0x1f], [0x1f, 0x8b], [0x1f, 0x8b, 8], [0x1f, 0x8b, 8, 0, 0]]) {
      expect((await outcomeOf(joined(whole, Uint8Array.from(extra)))).words).toMatch(/^the gzip stream ends early/);
    }
  });
});
