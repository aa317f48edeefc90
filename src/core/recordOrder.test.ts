import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyze } from './analyze';
import { computeRecordOrder, LANE } from './recordOrder';
import { storageOrderLookup } from './recordLookup';
import { toInput } from './test/build';

const record = fc.record({
  kind: fc.constantFrom('input', 'read', 'write', 'response', 'odd'),
  op: fc.constantFrom('allow', 'revoke'),
  accept_seq: fc.option(fc.integer({ min: 1, max: 12 }), { nil: undefined }),
  accepted: fc.constantFrom(true, true, true, false),
});

describe('per-record ordering facts', () => {
  it('ranks the axis by accept_seq, ties in storage order, whatever the mix of lanes, duplicates and gaps', () => {
    fc.assert(
      fc.property(fc.array(record, { maxLength: 40 }), (recs) => {
        const session = analyze([toInput(recs.map((r, i) => ({ ...r, id: `r${i}` })))]).sessions[0];
        fc.pre(session !== undefined);
        const records = session!.records;
        const m = computeRecordOrder(records, session!.ordering, storageOrderLookup(records));
        const axis = [...m.lane.keys()].filter((i) => m.lane[i] === LANE.axis);
        expect([m.accCount, [...m.accSlot]]).toEqual([axis.length, axis]);
        const expected = [...axis].sort((a, b) => records[a]!.acceptSeq! - records[b]!.acceptSeq! || a - b);
        // Should the ordering evidence disagree with the walk on which records are on the axis, the axis is sorted here instead.
        const sorted = computeRecordOrder(records, { ...session!.ordering, bySeq: session!.ordering.bySeq.subarray(1) }, storageOrderLookup(records));
        expect([...sorted.byAccRank]).toEqual(expected);
        expect([...sorted.accSlot]).toEqual(axis);
        expect([...m.byAccRank]).toEqual(expected);
        expect([...m.accSeqs]).toEqual(expected.map((i) => records[i]!.acceptSeq));
        expected.forEach((i, rank) => expect(m.accRank[i]).toBe(rank));
        const displaced = new Set(session!.ordering.displaced);
        expect([...m.displaced]).toEqual(records.map((r) => (displaced.has(r) ? 1 : 0)));
      }),
      { numRuns: 300 },
    );
  });
});
