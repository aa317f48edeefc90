import type { SeqRecord } from './model';
import { sortIndicesBySeq } from './sortBySeq';

/**
 * Ordering evidence of one session (spec 3.1), over its accepted, analysed,
 * non-eval records ("participants") in storage order. Per-participant facts
 * live in typed arrays aligned with `participants` so a million records cost
 * a few megabytes, not a million small objects.
 */
export interface OrderingEvidence {
  /** Participants in storage order. */
  readonly participants: readonly SeqRecord[];
  /** False when no participant carries `accept_seq`. */
  readonly hasAcceptanceOrder: boolean;
  /** 1 where the participant's `accept_seq` is present and not shared. */
  readonly usable: Uint8Array;
  readonly usableCount: number;
  readonly missing: readonly SeqRecord[];
  /** Each shared number with the records sharing it (storage order), by number. */
  readonly duplicates: readonly { readonly seq: number; readonly records: readonly SeqRecord[] }[];
  readonly inversions: number;
  /** Usable records stored after one with a higher usable number, in storage order. */
  readonly displaced: readonly SeqRecord[];
  /** Participant positions ordered by `accept_seq` (records without one left out). */
  readonly bySeq: Int32Array;
  /** Acceptance order when every participant is usable, else storage order. */
  readonly analysisOrder: readonly SeqRecord[];
  readonly analysisOrderIsAcceptance: boolean;
}

export function computeOrderingEvidence(participants: readonly SeqRecord[]): OrderingEvidence {
  const n = participants.length;
  const seqs = new Float64Array(n);
  const withSeq: number[] = [];
  const missingAll: SeqRecord[] = [];
  for (let i = 0; i < n; i++) {
    const s = participants[i]!.acceptSeq;
    if (s === null) {
      seqs[i] = -1;
      missingAll.push(participants[i]!);
    } else {
      seqs[i] = s;
      withSeq.push(i);
    }
  }
  const bySeq = sortIndicesBySeq(seqs, Int32Array.from(withSeq));
  const usable = new Uint8Array(n);
  const duplicates: { seq: number; records: SeqRecord[] }[] = [];
  let usableCount = 0;
  for (let k = 0; k < bySeq.length; ) {
    let end = k + 1;
    while (end < bySeq.length && seqs[bySeq[end]!] === seqs[bySeq[k]!]) end++;
    if (end - k === 1) {
      usable[bySeq[k]!] = 1;
      usableCount++;
    } else {
      const records: SeqRecord[] = [];
      for (let j = k; j < end; j++) records.push(participants[bySeq[j]!]!);
      duplicates.push({ seq: seqs[bySeq[k]!]!, records });
    }
    k = end;
  }
  const hasAcceptanceOrder = bySeq.length > 0;
  const { inversions, displaced } = countInversions(participants, seqs, usable, bySeq);
  const fullyUsable = hasAcceptanceOrder && usableCount === n;
  const analysisOrder = fullyUsable ? Array.from(bySeq, (i) => participants[i]!) : participants;
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

/**
 * Pairs of usable records stored in the opposite order of acceptance,
 * counted with a Fenwick tree over acceptance ranks: O(n log n).
 */
function countInversions(
  participants: readonly SeqRecord[],
  seqs: Float64Array,
  usable: Uint8Array,
  bySeq: Int32Array,
): { inversions: number; displaced: SeqRecord[] } {
  const rank = new Int32Array(participants.length);
  let m = 0;
  for (let k = 0; k < bySeq.length; k++) if (usable[bySeq[k]!]) rank[bySeq[k]!] = ++m;
  const tree = new Int32Array(m + 1);
  let inversions = 0;
  let seen = 0;
  let maxSoFar = -Infinity;
  const displaced: SeqRecord[] = [];
  for (let i = 0; i < participants.length; i++) {
    if (!usable[i]) continue;
    const r = rank[i]!;
    let notGreater = 0;
    for (let k = r; k > 0; k -= k & -k) notGreater += tree[k]!;
    inversions += seen - notGreater;
    seen++;
    for (let k = r; k <= m; k += k & -k) tree[k] = tree[k]! + 1;
    const seq = seqs[i]!;
    if (seq < maxSoFar) displaced.push(participants[i]!);
    else maxSoFar = seq;
  }
  return { inversions, displaced };
}
