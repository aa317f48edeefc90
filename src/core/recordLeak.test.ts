/** One record's future-leak test agrees with the session's list of future leaks, over any list in storage order. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { futureLeaks, storagePrefixEnd } from './cutoff';
import { storageOrderLookup } from './recordLookup';
import { futureLeakTest } from './recordLeak';
import { allow, check, revoke, type Rec } from './test/build';

const sessionOfRecords = (records: readonly Rec[]) => check(records).analysis.sessions[0]!;

/** The ids the test names leaks at N, asking it of every record of the session by its position there. */
function leakIds(records: readonly Rec[], n: number): string[] {
  const session = sessionOfRecords(records);
  const { cutoffIndex, ordering } = session;
  const end = storagePrefixEnd(cutoffIndex, n);
  const leak = futureLeakTest(n, end < 0 ? null : cutoffIndex.participants[end]!, storageOrderLookup(session.records));
  const participants = new Set(ordering.participants);
  return session.records.filter((r, i) => leak(participants.has(r), r.acceptSeq, i)).map((r) => String(r.id));
}

const futureLeakIds = (records: readonly Rec[], n: number) => futureLeaks(sessionOfRecords(records).cutoffIndex, n).map((r) => String(r.id));

describe('one record against the cutoff', () => {
  it('names the records inside the storage prefix numbered above N, and not those after it, at N or without a number', () => {
    // Stored 3, 1, none, 2, 4: at N = 2 the prefix ends at r2, so a3 leaks and a4, stored after it, does not.
    const records = [allow('a3', 3), revoke('a1', 1), revoke('none'), { kind: 'read', id: 'r2', resource: 'R', version: 'v', accept_seq: 2 }, revoke('a4', 4)];
    expect(leakIds(records, 2)).toEqual(['a3']);
    expect(leakIds(records, 3)).toEqual([]);
    expect(leakIds(records, 0)).toEqual([]);
  });

  it('leaves out records that are not participants, even numbered above N inside the prefix', () => {
    const records = [allow('u', 7, { accepted: false }), { kind: 'note', id: 'aside', accept_seq: 8 }, revoke('a5', 5), allow('a1', 1)];
    expect(leakIds(records, 1)).toEqual(['a5']);
  });

  it('leaves out a record its list does not hold, and every record when the prefix is empty', () => {
    const session = sessionOfRecords([revoke('a2', 2), allow('a1', 1)]);
    const prefixLast = session.cutoffIndex.participants[1]!;
    const positions = storageOrderLookup(session.records);
    expect(futureLeakTest(1, prefixLast, positions)(true, 2, 0)).toBe(true);
    expect(futureLeakTest(1, prefixLast, positions)(true, 2, undefined)).toBe(false);
    expect(futureLeakTest(1, prefixLast, storageOrderLookup([]))(true, 2, 0)).toBe(false);
    expect(futureLeakTest(0, null, positions)(true, 2, 0)).toBe(false);
  });

  it('names exactly the leaks futureLeaks lists, for every N (shared and missing numbers, other kinds and unaccepted records too)', () => {
    const record = fc.record({
      seq: fc.option(fc.integer({ min: 0, max: 12 }), { nil: null, freq: 5 }),
      kind: fc.constantFrom('read', 'read', 'read', 'note'),
      accepted: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(record, { minLength: 1, maxLength: 25 }), (specs) => {
        const records: Rec[] = specs.map((s, i) => ({ kind: s.kind, id: `r${i}`, resource: 'R', version: 'v', accepted: s.accepted, ...(s.seq === null ? {} : { accept_seq: s.seq }) }));
        for (let n = -1; n <= 13; n++) expect(leakIds(records, n)).toEqual(futureLeakIds(records, n));
      }),
      { numRuns: 100 },
    );
  });
});
