import type { SeqRecord } from './model';
import { sortIndicesBySeq } from './sortBySeq';

/**
 * Ordering evidence of one session (spec 3.1), over its accepted, analysed,
 * non-eval records ("participants") in storage order. Per-participant facts
 * live in typed arrays aligned with `participants` so a million records cost
 * a few megabytes, not a million small objects.
 */
export interface OrderingEvidence<T = SeqRecord> {
  /** Participants in storage order (records, or rows of a record table: RecordColumns). */
  readonly participants: readonly T[];
  /** False when no participant carries `accept_seq`. */
  readonly hasAcceptanceOrder: boolean;
  /** 1 where the participant's `accept_seq` is present and not shared. */
  readonly usable: Uint8Array;
  readonly usableCount: number;
  readonly missing: readonly T[];
  /** Each shared number with the records sharing it (storage order), by number. */
  readonly duplicates: readonly { readonly seq: number; readonly records: readonly T[] }[];
  readonly inversions: number;
  /** Usable records stored after one with a higher usable number, in storage order. */
  readonly displaced: readonly T[];
  /** Participant positions ordered by `accept_seq` (records without one left out). */
  readonly bySeq: Int32Array;
  /** Acceptance order when every participant is usable, else storage order. */
  readonly analysisOrder: readonly T[];
  readonly analysisOrderIsAcceptance: boolean;
}

/**
 * `seqs`: each participant's `accept_seq`, NaN where it has none, as
 * SessionScan reads them in the walk that finds the participants.
 */
export function computeOrderingEvidence<T = SeqRecord>(participants: readonly T[], seqs: ArrayLike<number>): OrderingEvidence<T> {
  const n = participants.length;
  const withSeq = new Int32Array(n);
  const missingAll: T[] = [];
  let numbered = 0;
  for (let i = 0; i < n; i++) {
    if (Number.isNaN(seqs[i]!)) missingAll.push(participants[i]!);
    else withSeq[numbered++] = i;
  }
  const bySeq = sortIndicesBySeq(seqs, numbered === n ? withSeq : withSeq.slice(0, numbered));
  const usable = new Uint8Array(n);
  // Each usable participant's place among the usable ones by accept_seq (1-based), for counting inversions.
  const rank = new Int32Array(n);
  const duplicates: { seq: number; records: T[] }[] = [];
  let usableCount = 0;
  for (let k = 0; k < bySeq.length; ) {
    const seq = seqs[bySeq[k]!]!;
    let end = k + 1;
    while (end < bySeq.length && seqs[bySeq[end]!] === seq) end++;
    if (end - k === 1) {
      usable[bySeq[k]!] = 1;
      rank[bySeq[k]!] = ++usableCount;
    } else {
      const records: T[] = [];
      for (let j = k; j < end; j++) records.push(participants[bySeq[j]!]!);
      duplicates.push({ seq, records });
    }
    k = end;
  }
  const hasAcceptanceOrder = bySeq.length > 0;
  const { inversions, displaced } = countInversions(participants, usable, rank, usableCount);
  const fullyUsable = hasAcceptanceOrder && usableCount === n;
  const analysisOrder = fullyUsable ? inAcceptanceOrder(participants, bySeq) : participants;
  return {
    participants,
    hasAcceptanceOrder,
    usable,
    usableCount,
    missing: hasAcceptanceOrder ? missingAll : [],
    duplicates,
    inversions,
    displaced,
    bySeq,
    analysisOrder,
    analysisOrderIsAcceptance: fullyUsable,
  };
}

function inAcceptanceOrder<T>(participants: readonly T[], bySeq: Int32Array): T[] {
  // Made at its length: grown by push, a million records' list was copied as it grew, 25 MB made for 8 kept.
  const out = new Array<T>(bySeq.length);
  for (let k = 0; k < bySeq.length; k++) out[k] = participants[bySeq[k]!]!;
  return out;
}

/**
 * Pairs of usable records stored in the opposite order of acceptance. Only a
 * displaced record (stored after a higher rank) ends pairs, so the others
 * cost a comparison each: they arrive in ascending rank, and the earlier
 * ones above a displaced record's rank are found by binary search among
 * them, plus a Fenwick tree over the displaced alone. O(n + d log n) for d
 * displaced records; a log stored in reverse is O(n log n), as before.
 */
function countInversions<T>(
  participants: readonly T[],
  usable: Uint8Array,
  rank: Int32Array,
  usableCount: number,
): { inversions: number; displaced: T[] } {
  const inOrderRanks = new Int32Array(usableCount);
  let inOrder = 0;
  let displacedTree: Int32Array | null = null;
  const displaced: T[] = [];
  let inversions = 0;
  for (let i = 0; i < participants.length; i++) {
    if (!usable[i]) continue;
    const r = rank[i]!;
    if (inOrder === 0 || r > inOrderRanks[inOrder - 1]!) {
      inOrderRanks[inOrder++] = r;
      continue;
    }
    inversions += inOrder - countBelow(inOrderRanks, inOrder, r);
    displacedTree ??= new Int32Array(usableCount + 1);
    let notGreater = 0;
    for (let k = r; k > 0; k -= k & -k) notGreater += displacedTree[k]!;
    inversions += displaced.length - notGreater;
    for (let k = r; k <= usableCount; k += k & -k) displacedTree[k] = displacedTree[k]! + 1;
    displaced.push(participants[i]!);
  }
  return { inversions, displaced };
}

/** How many of the first `length` entries of an ascending array are below `value`. */
function countBelow(ascending: Int32Array, length: number, value: number): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ascending[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
