import { emptyKeyState, type JsonValue, type KeyState, type SeqRecord } from './model';
import type { OrderingEvidence } from './ordering';
import type { Replays } from './replay';

/**
 * Precomputed per-key change lists and prefix positions, so the state as of
 * any acceptance number is a binary search per key rather than a replay
 * (the page moves the cutoff on every key press).
 */
export interface CutoffIndex<T = SeqRecord> {
  readonly hasAcceptanceOrder: boolean;
  /** Keys whose acceptance value is unknown whatever the cutoff. */
  readonly unknownKeys: readonly string[];
  /** Per key (sorted), the usable inputs' numbers ascending with the value each set. */
  readonly changes: ReadonlyMap<string, KeyChanges<T>>;
  /** Participants in storage order. */
  readonly participants: readonly T[];
  /** Distinct acceptance numbers ascending, and for each the last storage position holding a number ≤ it. */
  readonly seqSteps: Float64Array;
  readonly prefixEnd: Int32Array;
}

export interface KeyChanges<T = SeqRecord> {
  readonly seqs: number[];
  readonly values: JsonValue[];
  readonly setters: T[];
}

/**
 * `seqs`: each participant's accept_seq (NaN where it has none), as the
 * ordering evidence was made from; read from the records when not given.
 */
export function buildCutoffIndex<T = SeqRecord>(ordering: OrderingEvidence<T>, replays: Replays<T>, seqs?: ArrayLike<number>): CutoffIndex<T> {
  const { participants, usable, bySeq } = ordering;
  const unknown = new Set<string>();
  for (let i = 0; i < participants.length; i++) {
    const list = replays.effects[i];
    if (list && (!ordering.hasAcceptanceOrder || !usable[i])) for (const e of list) unknown.add(e.key);
  }
  // The numbers read in storage order, then looked up in acceptance order: read from the records in acceptance order, a million participants were a million jumps across the heap.
  const seqOf = seqs ?? seqsOf(participants as unknown as readonly SeqRecord[]);
  const perKey = new Map<string, KeyChanges<T>>();
  for (let k = 0; k < bySeq.length; k++) {
    const i = bySeq[k]!;
    const list = replays.effects[i];
    if (!list || !usable[i]) continue;
    for (const e of list) {
      if (unknown.has(e.key)) continue;
      let c = perKey.get(e.key);
      if (!c) {
        c = { seqs: [], values: [], setters: [] };
        perKey.set(e.key, c);
      }
      c.seqs.push(seqOf[i]!);
      c.values.push(e.value);
      c.setters.push(participants[i]!);
    }
  }
  const changes = new Map<string, KeyChanges<T>>();
  for (const key of [...perKey.keys()].sort()) changes.set(key, perKey.get(key)!);

  // Sized ahead and cut at the end: pushed one by one, a million steps and ends took about 110 ms of growing arrays.
  const steps = new Float64Array(bySeq.length);
  const ends = new Int32Array(bySeq.length);
  let count = 0;
  let maxPos = -1;
  for (let k = 0; k < bySeq.length; k++) {
    const pos = bySeq[k]!;
    const seq = seqOf[pos]!;
    if (pos > maxPos) maxPos = pos;
    if (count > 0 && steps[count - 1] === seq) ends[count - 1] = maxPos;
    else {
      steps[count] = seq;
      ends[count++] = maxPos;
    }
  }
  return {
    hasAcceptanceOrder: ordering.hasAcceptanceOrder,
    unknownKeys: [...unknown].sort(),
    changes,
    participants,
    seqSteps: steps.slice(0, count),
    prefixEnd: ends.slice(0, count),
  };
}

/** Index of the last element ≤ n in an ascending array, or -1. */
export function lastAtOrBelow(sorted: ArrayLike<number>, n: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! <= n) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** The acceptance state as of N (spec 3.3): keys not yet set are absent, keys without usable evidence are unknown. */
export function stateAtCutoff(index: CutoffIndex<unknown>, n: number): KeyState {
  const state = emptyKeyState();
  const keys = [...index.changes.keys(), ...index.unknownKeys].sort();
  for (const key of keys) {
    const change = index.changes.get(key);
    if (!change) {
      state[key] = 'unknown';
      continue;
    }
    const i = lastAtOrBelow(change.seqs, n);
    if (i >= 0) state[key] = change.values[i]!;
  }
  return state;
}

/** The record that set each key's value as of N, for views that link a value to its evidence. */
export function settersAtCutoff(index: CutoffIndex, n: number): Map<string, SeqRecord> {
  const out = new Map<string, SeqRecord>();
  for (const [key, change] of index.changes) {
    const i = lastAtOrBelow(change.seqs, n);
    if (i >= 0) out.set(key, change.setters[i]!);
  }
  return out;
}

/** Storage position (in participants) of the end of the storage prefix for N, or -1 when empty. */
export function storagePrefixEnd(index: CutoffIndex<unknown>, n: number): number {
  const i = lastAtOrBelow(index.seqSteps, n);
  return i < 0 ? -1 : index.prefixEnd[i]!;
}

/** Records a reader trusting file position would have seen too early at cutoff N, in storage order. */
export function futureLeaks(index: CutoffIndex, n: number): SeqRecord[] {
  return futureLeaksBy(index, n, (r) => r.acceptSeq);
}

/** futureLeaks of records however held, each one's accept_seq read by `seqOf`. */
export function futureLeaksBy<T>(index: CutoffIndex<T>, n: number, seqOf: (record: T) => number | null): T[] {
  const end = storagePrefixEnd(index, n);
  const leaks: T[] = [];
  for (let pos = 0; pos <= end; pos++) {
    const r = index.participants[pos]!;
    const seq = seqOf(r);
    if (seq !== null && seq > n) leaks.push(r);
  }
  return leaks;
}

function seqsOf(participants: readonly SeqRecord[]): Float64Array {
  const out = new Float64Array(participants.length);
  for (let i = 0; i < participants.length; i++) out[i] = participants[i]!.acceptSeq ?? NaN;
  return out;
}
