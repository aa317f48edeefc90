import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SeqRecord } from '../core/model';
import { countedElementReads } from '../core/test/countedWork';
import { WideNumber } from '../core/wideNumber';
import { decodeSkeleton, encodeSkeleton } from './packSkeleton';

const recordsOf = (n: number): SeqRecord[] =>
  Array.from({ length: n }, (_, i) => ({ fileIndex: 0, line: i + 1, offset: 0, length: 0, kind: 'input', id: `r${i}`, hasId: true, session: 's', accepted: true, acceptSeq: i, data: {} }));

describe('the analysis skeleton', () => {
  it('gives back every list of records as it was: in storage order, reordered, repeating, sparse or consecutive', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3000 }), fc.array(fc.array(fc.nat(), { minLength: 1, maxLength: 60 }), { maxLength: 6 }), fc.boolean(), (n, picks, sorted) => {
        const records = recordsOf(n);
        const lists = picks.map((p) => {
          const at = p.map((x) => x % n);
          return (sorted ? [...new Set(at)].sort((a, b) => a - b) : at).map((i) => records[i]!);
        });
        const root = { lists, all: records, tail: records.slice(n >> 1), one: records[n - 1] };
        const back = decodeSkeleton(structuredClone(encodeSkeleton(root, records)), records) as typeof root;
        expect(back.lists).toHaveLength(lists.length);
        back.lists.forEach((list, k) => list.forEach((r, i) => expect(r).toBe(lists[k]![i])));
        expect(back.all).toEqual(records);
        expect(back.all[0]).toBe(records[0]);
        expect(back.tail[0]).toBe(records[n >> 1]);
        expect(back.one).toBe(records[n - 1]);
      }),
      { numRuns: 150 },
    );
  });

  it('gives back a list of every record as the records\' own list, a shorter run as a list of its own', () => {
    const records = recordsOf(50);
    const back = decodeSkeleton(structuredClone(encodeSkeleton({ all: records.slice(), head: records.slice(0, 49) }, records)), records) as { all: SeqRecord[]; head: SeqRecord[] };
    expect(back.all).toBe(records);
    expect(back.head).not.toBe(records);
    expect(back.head).toEqual(records.slice(0, 49));
  });

  it('does not scan every record for a short list far out of storage order', () => {
    const records = recordsOf(200_000);
    const list = [records[0]!, records[199_999]!, records[1]!];
    const counter = { reads: 0 };
    const counted = countedElementReads(records, counter);
    // Building the index reads every record once or a few times; the list itself must cost little beyond that.
    encodeSkeleton({ list: [] }, counted);
    const indexing = counter.reads;
    counter.reads = 0;
    const back = decodeSkeleton(encodeSkeleton({ list }, counted), records) as { list: SeqRecord[] };
    expect(back.list).toEqual(list);
    expect(counter.reads - indexing).toBeLessThan(5_000);
  });

  it('gives back a number beyond 2^53 − 1 in a state as the exact number, not as a plain object', () => {
    const records = recordsOf(2);
    const state = Object.assign(Object.create(null) as Record<string, unknown>, { quota: WideNumber.fromLiteral('9007199254740993') });
    const back = decodeSkeleton(structuredClone(encodeSkeleton({ state }, records)), records) as { state: Record<string, unknown> };
    expect(back.state.quota).toBeInstanceOf(WideNumber);
    expect(String(back.state.quota)).toBe('9007199254740993');
  });
});
