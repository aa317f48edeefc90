/** A gzip cut short anywhere gives one true answer: refused while nothing of it could be decompressed, kept with "ends early" after, whole only when whole. */
import { gzipSync as nodeGzip } from 'node:zlib';
import { gzipSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { loadInput } from './loadInput';
import { readOutcome, type CutOutcome } from './test/cutOutcome';

const log = (n: number) => Array.from({ length: n }, (_, i) => `{"kind":"input","id":"r${i}","text":"line ${i} ${'abc'.repeat(i % 7)}"}\n`).join('');
const joined = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((p) => [...p]));

const outcomeOf = (bytes: Uint8Array): Promise<CutOutcome> => readOutcome(() => loadInput('cut.jsonl.gz', bytes, 0));

const refusedAt = (n: number) => `a gzip file cut off after ${n} ${n === 1 ? 'byte' : 'bytes'}, before any of its content could be decompressed, so there is nothing to read`;

describe('every cut of a small gzip, from 1 byte to its full length', () => {
  const first = gzipSync(strToU8(log(4)), { mtime: 0 });
  const gzips: Record<string, { bytes: Uint8Array; wholeAt: number[] }> = {
    'fflate, no file name': { bytes: gzipSync(strToU8(log(30)), { mtime: 0 }), wholeAt: [] },
    'fflate, a file name in the header': { bytes: gzipSync(strToU8(log(30)), { mtime: 0, filename: 'agent-host-session.jsonl' }), wholeAt: [] },
    'zlib (Node, as gzip(1) writes)': { bytes: new Uint8Array(nodeGzip(log(30))), wholeAt: [] },
    // Cut right after the first of two members, the file is a whole gzip of that member.
    'two members (cat a.gz b.gz)': { bytes: joined(first, new Uint8Array(nodeGzip(log(6)))), wholeAt: [first.length] },
  };

  for (const [name, { bytes, wholeAt }] of Object.entries(gzips)) {
    it(`${name}: refused until content comes out, then kept saying it ends early; never "does not match its trailer"`, async () => {
      let kept = false;
      for (let n = 1; n <= bytes.length; n++) {
        const outcome = await outcomeOf(bytes.subarray(0, n));
        const at = `cut at ${n} of ${bytes.length}`;
        if (n === bytes.length || wholeAt.includes(n)) {
          expect(outcome, at).toEqual({ kind: 'whole', words: '' });
        } else if (!kept && outcome.kind === 'refused') {
          expect(outcome.words, at).toBe(refusedAt(n));
        } else {
          kept = true;
          expect(outcome.kind, at).toBe('kept');
          expect(outcome.words, at).toMatch(/^the gzip stream ends early \(the file was probably cut off while being written\): the (1 byte that could be decompressed is|[1-9][\d,]* bytes that could be decompressed are) read/);
        }
      }
      expect(kept).toBe(true);
    });
  }

  it('says of one byte decompressed "1 byte ... is read", not "1 bytes ... are read"', async () => {
    const one = new Uint8Array(nodeGzip('x'));
    expect(await outcomeOf(one.subarray(0, one.length - 4))).toEqual({
      kind: 'kept',
      words: 'the gzip stream ends early (the file was probably cut off while being written): the 1 byte that could be decompressed is read, and the last line may be incomplete.',
    });
    const damaged = one.slice();
    damaged[damaged.length - 1]! ^= 0x40;
    expect(await outcomeOf(damaged)).toEqual({ kind: 'kept', words: 'the gzip data does not match its trailer (size or CRC-32): the file is damaged; the 1 byte that could be decompressed is read.' });
  });

  it('refuses a gzip cut inside its 10-byte header, or after its first byte', async () => {
    const bytes = gzipSync(strToU8(log(3)));
    for (const n of [1, 2, 5, 10]) expect(await outcomeOf(bytes.subarray(0, n))).toEqual({ kind: 'refused', words: refusedAt(n) });
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

describe('a gzip whose last member is empty (gzip of an empty file, or cat a.gz empty.gz)', () => {
  // Its trailer is eight zero bytes: the last eight bytes of the file match it whether or not they are its trailer.
  // With its file name in the header, as gzip(1) writes it: a cut in its last byte leaves it over the 20 bytes a member needs.
  const empty = gzipSync(new Uint8Array(0), { mtime: 0, filename: 'empty.jsonl' });
  const withContent = joined(new Uint8Array(nodeGzip(log(5))), empty);

  it('is whole only when it is whole', async () => {
    expect(await outcomeOf(empty)).toEqual({ kind: 'whole', words: '' });
    expect(await outcomeOf(withContent)).toEqual({ kind: 'whole', words: '' });
  });

  it('cut in its last byte, ends early (or is refused when nothing came out)', async () => {
    expect(await outcomeOf(empty.subarray(0, empty.length - 1))).toEqual({ kind: 'refused', words: refusedAt(empty.length - 1) });
    expect((await outcomeOf(withContent.subarray(0, withContent.length - 1))).words).toMatch(/^the gzip stream ends early/);
  });

  it('says zero bytes after it are not gzip', async () => {
    for (const extra of [[0], [0, 0], [0, 0, 0]]) {
      expect((await outcomeOf(joined(withContent, Uint8Array.from(extra)))).words).toMatch(/^the gzip data is damaged or followed by bytes that are not gzip/);
    }
  });
});
