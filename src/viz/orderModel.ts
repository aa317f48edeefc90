import type { SessionAnalysis } from '../core/analyze';
import type { SeqRecord } from '../core/model';
import { storageOrderLookup, type RecordLookup } from '../core/recordLookup';
import { categoryOf } from './categories';

/** Where a record sits in the order view: on the acceptance axis, or in one of the lanes that stand apart. */
export const LANE = { axis: 0, missing: 1, unaccepted: 2, other: 3 } as const;
export type LaneId = (typeof LANE)[keyof typeof LANE];

/**
 * Per-record facts of one session in flat typed arrays aligned with
 * `session.records` (storage order), computed once per session so that
 * zooming and moving the cutoff only project numbers.
 */
export interface OrderModel {
  readonly n: number;
  readonly records: readonly SeqRecord[];
  /** Position of a record in `records` (a binary search in storage order, not a Map of every record). */
  readonly indexOf: RecordLookup;
  /** Rank on the acceptance axis (by accept_seq, then storage), -1 when not on it. */
  readonly accRank: Int32Array;
  readonly accCount: number;
  /** Session index at each acceptance rank, and its accept_seq (ascending). */
  readonly byAccRank: Int32Array;
  /**
   * The slot each acceptance rank is drawn at: the storage position of the
   * rank-th axis record in storage order. An in-order log then draws straight
   * lines even with lane records in between, and because the map is
   * monotone every crossing is still exactly an inversion.
   */
  readonly accSlot: Int32Array;
  readonly accSeqs: Float64Array;
  readonly lane: Uint8Array;
  readonly category: Uint8Array;
  readonly duplicate: Uint8Array;
  readonly displaced: Uint8Array;
  /** Session indices in each lane, in storage order (index 0, the axis, is unused). */
  readonly laneMembers: readonly Int32Array[];
  readonly hasAcceptanceOrder: boolean;
}

export function buildOrderModel(session: SessionAnalysis): OrderModel {
  const { records, ordering } = session;
  const n = records.length;
  const indexOf = storageOrderLookup(records);
  // Participants are a subsequence of the session's records in the same order: one walk pairs them.
  const participants = ordering.participants;
  let next = 0;

  const lane = new Uint8Array(n);
  const category = new Uint8Array(n);
  const duplicate = new Uint8Array(n);
  const displaced = new Uint8Array(n);
  const accRank = new Int32Array(n).fill(-1);
  const onAxis: number[] = [];
  const members: number[][] = [[], [], [], []];
  const sessionIndexOf = new Int32Array(participants.length).fill(-1);
  // The displaced are in storage order too: the same walk marks them, where a lookup each read ~20 records.
  const displacedRecords = ordering.displaced;
  let nextDisplaced = 0;
  for (let i = 0; i < n; i++) {
    const r = records[i]!;
    category[i] = categoryOf(r);
    if (displacedRecords[nextDisplaced] === r) {
      displaced[i] = 1;
      nextDisplaced++;
    }
    const p = participants[next] === r ? next++ : undefined;
    if (p !== undefined) sessionIndexOf[p] = i;
    let l: LaneId;
    if (!r.accepted) l = LANE.unaccepted;
    else if (p === undefined) l = LANE.other;
    else if (r.acceptSeq === null) l = LANE.missing;
    else {
      l = LANE.axis;
      onAxis.push(i);
      if (!ordering.usable[p]) duplicate[i] = 1;
    }
    lane[i] = l;
    if (l !== LANE.axis) members[l]!.push(i);
  }
  // Should they ever not be a subsequence of the records, the rest are looked up.
  for (let d = nextDisplaced; d < displacedRecords.length; d++) {
    const i = indexOf.get(displacedRecords[d]!);
    if (i !== undefined) displaced[i] = 1;
  }
  const accSlot = Int32Array.from(onAxis);
  const byAccRank = axisByAcceptance(ordering.bySeq, sessionIndexOf, onAxis, records);
  const accSeqs = Float64Array.from(byAccRank, (i) => records[i]!.acceptSeq!);
  byAccRank.forEach((i, rank) => (accRank[i] = rank));
  return {
    n,
    records,
    indexOf,
    accRank,
    accCount: onAxis.length,
    byAccRank,
    accSlot,
    accSeqs,
    lane,
    category,
    duplicate,
    displaced,
    laneMembers: members.map((m) => Int32Array.from(m)),
    hasAcceptanceOrder: ordering.hasAcceptanceOrder,
  };
}

/**
 * Session indices of the axis records by accept_seq, ties in storage order.
 * The ordering evidence already sorted the participants that way (bySeq,
 * stable), so this maps that order to session indices; sorting a million
 * records again here read two records per comparison. Should the two ever
 * disagree on which records are on the axis, the axis is sorted here.
 */
function axisByAcceptance(bySeq: Int32Array, sessionIndexOf: Int32Array, onAxis: readonly number[], records: readonly SeqRecord[]): Int32Array {
  if (bySeq.length === onAxis.length) {
    const out = new Int32Array(bySeq.length);
    let k = 0;
    for (; k < bySeq.length; k++) {
      const i = sessionIndexOf[bySeq[k]!]!;
      if (i < 0) break;
      out[k] = i;
    }
    if (k === bySeq.length) return out;
  }
  return Int32Array.from(onAxis).sort((a, b) => records[a]!.acceptSeq! - records[b]!.acceptSeq! || a - b);
}

/** How many records on the acceptance axis have accept_seq ≤ N: everything from this rank on is after the cutoff. */
export function cutoffRank(model: OrderModel, n: number | null): number {
  if (n === null) return model.accCount;
  let lo = 0;
  let hi = model.accCount;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (model.accSeqs[mid]! <= n) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
