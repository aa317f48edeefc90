/** Future leaks from the leak index equal the scan over the storage prefix, and a step costs O(log n + leaks listed). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyze } from './analyze';
import { futureLeaks } from './cutoff';
import { buildLeakIndex, leakCount, leaksAt, type LeakIndex } from './leakIndex';
import type { JsonObject } from './model';
import { countedElementReads } from './test/countedWork';
import { directInput } from './test/build';

const sessionOfSeqs = (seqs: readonly (number | null)[]) => {
  const datas: JsonObject[] = seqs.map((s, i) => ({ kind: 'read', id: `r${i}`, resource: 'R', version: 'v', ...(s === null ? {} : { accept_seq: s }) }));
  return analyze([directInput(datas)]).sessions[0]!;
};

describe('the leak index', () => {
  it('lists and counts exactly the leaks the prefix scan finds, for every N (shared and missing numbers too)', () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.integer({ min: 0, max: 40 }), { nil: null, freq: 6 }), { minLength: 1, maxLength: 60 }), (seqs) => {
        const session = sessionOfSeqs(seqs);
        const index = buildLeakIndex(session.cutoffIndex, session.ordering.bySeq);
        // The numbers taken in the ordering's order are the numbers sorted.
        expect(index.sortedSeqs).toEqual(buildLeakIndex(session.cutoffIndex).sortedSeqs);
        expect([...index.sortedSeqs]).toEqual(seqs.filter((s) => s !== null).sort((a, b) => a! - b!));
        for (let n = -1; n <= 41; n++) {
          const scan = futureLeaks(session.cutoffIndex, n);
          expect(leaksAt(index, n)).toEqual(scan);
          expect(leakCount(index, n)).toBe(scan.length);
          expect(leaksAt(index, n, 3)).toEqual(scan.slice(0, 3));
        }
      }),
      { numRuns: 150 },
    );
  });

  it('a step reads the same few tree nodes at n and 4n records (operations counted, not time)', () => {
    // Every record stored 50 places early: at any N there are about 50 leaks, wherever N is.
    const reads = (size: number) => {
      const seqs = Array.from({ length: size }, (_, i) => (i % 100 < 50 ? i + 50 : i - 50));
      const index = buildLeakIndex(sessionOfSeqs(seqs).cutoffIndex);
      const counter = { reads: 0 };
      const counted: LeakIndex = { ...index, tree: countedElementReads(index.tree, counter) };
      for (let n = 100; n < size; n += Math.floor(size / 50)) {
        leakCount(counted, n);
        leaksAt(counted, n, 20);
      }
      return counter.reads;
    };
    const small = reads(20_000);
    const large = reads(80_000);
    // A scan of the prefix would grow 4×; O(log n) per leak listed grows by (log 4n / log n), about 1.1×.
    expect(large / small).toBeLessThan(1.5);
  });
});
