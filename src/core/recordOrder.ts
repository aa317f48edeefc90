import type { SeqRecord } from './model';
import type { OrderingEvidence } from './ordering';
import type { RecordLookup } from './recordLookup';

/** Where a record stands in acceptance order: on the acceptance axis, or apart (no number, not accepted, a kind not analysed). */
export const LANE = { axis: 0, missing: 1, unaccepted: 2, other: 3 } as const;
export type LaneId = (typeof LANE)[keyof typeof LANE];

/**
 * Per-record ordering facts of one session in flat typed arrays aligned
 * with the session's records (storage order): what the order view draws.
 * A million records cost a few typed arrays, not a million small objects.
 */
export interface RecordOrder {
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
  /** 1 where the record's accept_seq is shared. */
  readonly duplicate: Uint8Array;
  /** 1 where the record is stored after one with a higher usable number. */
  readonly displaced: Uint8Array;
  /** Session indices in each lane, in storage order (index 0, the axis, is unused). */
  readonly laneMembers: readonly Int32Array[];
}

/** `indexOf`: positions in `records`, for the rare record the walk does not pair. */
export function computeRecordOrder(records: readonly SeqRecord[], ordering: OrderingEvidence, indexOf: RecordLookup): RecordOrder {
  const n = records.length;
  // Participants and the displaced are subsequences of the session's records in the same order: one walk pairs them.
  const { participants, displaced: displacedRecords } = ordering;
  let next = 0;
  let nextDisplaced = 0;
  const lane = new Uint8Array(n);
  const duplicate = new Uint8Array(n);
  const displaced = new Uint8Array(n);
  const accRank = new Int32Array(n).fill(-1);
  // Sized ahead and cut at the end: a million pushes onto a list were a fifth of this walk.
  const onAxis = new Int32Array(n);
  let axisCount = 0;
  const members: number[][] = [[], [], [], []];
  const sessionIndexOf = new Int32Array(participants.length).fill(-1);
  // Each axis record's number, read in this walk in storage order: read again in acceptance order, a million records are a million jumps across the heap.
  const seqAt = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const r = records[i]!;
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
      onAxis[axisCount++] = i;
      seqAt[i] = r.acceptSeq;
      if (!ordering.usable[p]) duplicate[i] = 1;
    }
    lane[i] = l;
    if (l !== LANE.axis) members[l]!.push(i);
  }
  for (let d = nextDisplaced; d < displacedRecords.length; d++) {
    const i = indexOf.get(displacedRecords[d]!);
    if (i !== undefined) displaced[i] = 1;
  }
  const accSlot = onAxis.slice(0, axisCount);
  const byAccRank = axisByAcceptance(ordering.bySeq, sessionIndexOf, accSlot, records);
  const accSeqs = new Float64Array(byAccRank.length);
  for (let k = 0; k < byAccRank.length; k++) {
    const i = byAccRank[k]!;
    accSeqs[k] = seqAt[i]!;
    accRank[i] = k;
  }
  return {
    accRank,
    accCount: axisCount,
    byAccRank,
    accSlot,
    accSeqs,
    lane,
    duplicate,
    displaced,
    laneMembers: members.map((m) => Int32Array.from(m)),
  };
}

/**
 * Session indices of the axis records by accept_seq, ties in storage order.
 * The ordering evidence already sorted the participants that way (bySeq,
 * stable), so this maps that order to session indices; sorting a million
 * records again read two records per comparison. Should the two ever
 * disagree on which records are on the axis, the axis is sorted here.
 */
function axisByAcceptance(bySeq: Int32Array, sessionIndexOf: Int32Array, onAxis: Int32Array, records: readonly SeqRecord[]): Int32Array {
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
  return onAxis.slice().sort((a, b) => records[a]!.acceptSeq! - records[b]!.acceptSeq! || a - b);
}
