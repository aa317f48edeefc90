import type { SeqRecord } from './model';
import type { RecordLookup } from './recordLookup';

/**
 * Whether one record is a future leak at N: `participant` says whether it is
 * one of the session's participants (accepted, analysed, not an eval),
 * `stored` is its position in the caller's list (undefined when the list
 * does not hold it).
 */
export type FutureLeakTest = (participant: boolean, acceptSeq: number | null, stored: number | undefined) => boolean;

/**
 * The rule futureLeaks and the leak index apply to a whole session, asked of
 * one record: views test the records in view, each over its own list, and a
 * lookup there is cheaper than listing every leak. A participant numbered
 * above N is a leak when it is stored no later than the storage prefix's last
 * record, where a reader trusting file position takes it for the past.
 *
 * `positions` may index any list in storage order that holds the session's
 * records (its records, Analysis.records); `prefixLast` is the prefix's last
 * record (CutoffView.prefixLast), null when the prefix is empty.
 */
export function futureLeakTest(n: number, prefixLast: SeqRecord | null, positions: RecordLookup): FutureLeakTest {
  const end = prefixLast === null ? -1 : (positions.get(prefixLast) ?? -1);
  return (participant, acceptSeq, stored) => participant && acceptSeq !== null && acceptSeq > n && stored !== undefined && stored <= end;
}
