import type { SeqRecord } from './model';

/**
 * Ordering evidence of one session (spec 3.1), over its accepted, analysed,
 * non-eval records ("participants") in storage order.
 */
export interface OrderingEvidence {
  /** Participants in storage order. */
  readonly participants: readonly SeqRecord[];
  /** False when no participant carries `accept_seq`. */
  readonly hasAcceptanceOrder: boolean;
  /** Participants whose `accept_seq` is present and not shared. */
  readonly usable: ReadonlySet<SeqRecord>;
  readonly missing: readonly SeqRecord[];
  /** Each shared number with the records sharing it, by number. */
  readonly duplicates: readonly { readonly seq: number; readonly records: readonly SeqRecord[] }[];
  readonly inversions: number;
  /** Usable records stored after one with a higher usable number, in storage order. */
  readonly displaced: readonly SeqRecord[];
  /** Acceptance order when every participant is usable, else storage order. */
  readonly analysisOrder: readonly SeqRecord[];
  readonly analysisOrderIsAcceptance: boolean;
}

export function computeOrderingEvidence(participants: readonly SeqRecord[]): OrderingEvidence {
  const bySeq = new Map<number, SeqRecord[]>();
  const missing: SeqRecord[] = [];
  for (const r of participants) {
    if (r.acceptSeq === null) {
      missing.push(r);
      continue;
    }
    const group = bySeq.get(r.acceptSeq);
    if (group) group.push(r);
    else bySeq.set(r.acceptSeq, [r]);
  }
  const hasAcceptanceOrder = bySeq.size > 0;
  const usable = new Set<SeqRecord>();
  const duplicates: { seq: number; records: SeqRecord[] }[] = [];
  for (const [seq, group] of bySeq) {
    if (group.length === 1) usable.add(group[0]!);
    else duplicates.push({ seq, records: group });
  }
  duplicates.sort((a, b) => a.seq - b.seq);

  const usableInStorage = participants.filter((r) => usable.has(r));
  const { inversions, displaced } = countInversions(usableInStorage);

  const fullyUsable = hasAcceptanceOrder && usable.size === participants.length;
  const analysisOrder = fullyUsable
    ? [...participants].sort((a, b) => (a.acceptSeq as number) - (b.acceptSeq as number))
    : participants;

  return {
    participants,
    hasAcceptanceOrder,
    usable,
    missing: hasAcceptanceOrder ? missing : [],
    duplicates,
    inversions,
    displaced,
    analysisOrder,
    analysisOrderIsAcceptance: fullyUsable,
  };
}

/**
 * Pairs stored in the opposite order of acceptance, counted with a Fenwick
 * tree over ranks so a million records stay O(n log n).
 */
function countInversions(records: readonly SeqRecord[]): { inversions: number; displaced: SeqRecord[] } {
  const n = records.length;
  const seqs = records.map((r) => r.acceptSeq as number);
  const sorted = [...seqs].sort((a, b) => a - b);
  const rankOf = new Map<number, number>();
  sorted.forEach((s, i) => rankOf.set(s, i + 1));
  const tree = new Int32Array(n + 1);
  let inversions = 0;
  let maxSoFar = -Infinity;
  const displaced: SeqRecord[] = [];
  for (let i = 0; i < n; i++) {
    const seq = seqs[i]!;
    const rank = rankOf.get(seq)!;
    let notGreater = 0;
    for (let k = rank; k > 0; k -= k & -k) notGreater += tree[k]!;
    inversions += i - notGreater;
    for (let k = rank; k <= n; k += k & -k) tree[k] = tree[k]! + 1;
    if (seq < maxSoFar) displaced.push(records[i]!);
    if (seq > maxSoFar) maxSoFar = seq;
  }
  return { inversions, displaced };
}
