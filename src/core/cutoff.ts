import type { JsonValue, KeyState, SeqRecord } from './model';
import type { OrderingEvidence } from './ordering';
import { inputEffect } from './replay';

/**
 * Precomputed per-key change lists and prefix positions, so the state as of
 * any acceptance number is a binary search per key rather than a replay
 * (the page moves the cutoff on every key press).
 */
export interface CutoffIndex {
  readonly hasAcceptanceOrder: boolean;
  /** Keys whose acceptance value is unknown whatever the cutoff. */
  readonly unknownKeys: readonly string[];
  /** Per key, the usable inputs' numbers ascending with the value each set. */
  readonly changes: ReadonlyMap<string, { readonly seqs: readonly number[]; readonly values: readonly JsonValue[]; readonly setters: readonly SeqRecord[] }>;
  /** Participants in storage order with a numeric `accept_seq`. */
  readonly participants: readonly SeqRecord[];
  /** Distinct acceptance numbers ascending, and for each the last storage position holding a number ≤ it. */
  readonly seqSteps: readonly number[];
  readonly prefixEnd: readonly number[];
}

export function buildCutoffIndex(ordering: OrderingEvidence): CutoffIndex {
  const unknown = new Set<string>();
  const perKey = new Map<string, { seq: number; value: JsonValue; setter: SeqRecord }[]>();
  for (const r of ordering.participants) {
    if (r.kind !== 'input') continue;
    const e = inputEffect(r);
    if (!e) continue;
    if (!ordering.hasAcceptanceOrder || !ordering.usable.has(r)) {
      unknown.add(e.key);
      continue;
    }
    const list = perKey.get(e.key);
    const entry = { seq: r.acceptSeq as number, value: e.value, setter: r };
    if (list) list.push(entry);
    else perKey.set(e.key, [entry]);
  }
  const changes = new Map<string, { seqs: number[]; values: JsonValue[]; setters: SeqRecord[] }>();
  for (const key of [...perKey.keys()].sort()) {
    if (unknown.has(key)) continue;
    const list = perKey.get(key)!.sort((a, b) => a.seq - b.seq);
    changes.set(key, { seqs: list.map((x) => x.seq), values: list.map((x) => x.value), setters: list.map((x) => x.setter) });
  }

  const bySeq: { seq: number; pos: number }[] = [];
  ordering.participants.forEach((r, pos) => {
    if (r.acceptSeq !== null) bySeq.push({ seq: r.acceptSeq, pos });
  });
  bySeq.sort((a, b) => a.seq - b.seq || a.pos - b.pos);
  const seqSteps: number[] = [];
  const prefixEnd: number[] = [];
  let maxPos = -1;
  for (const { seq, pos } of bySeq) {
    if (pos > maxPos) maxPos = pos;
    if (seqSteps.length && seqSteps[seqSteps.length - 1] === seq) prefixEnd[prefixEnd.length - 1] = maxPos;
    else {
      seqSteps.push(seq);
      prefixEnd.push(maxPos);
    }
  }
  return {
    hasAcceptanceOrder: ordering.hasAcceptanceOrder,
    unknownKeys: [...unknown].sort(),
    changes,
    participants: ordering.participants,
    seqSteps,
    prefixEnd,
  };
}

/** Index of the last element ≤ n in an ascending array, or -1. */
export function lastAtOrBelow(sorted: readonly number[], n: number): number {
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
export function stateAtCutoff(index: CutoffIndex, n: number): KeyState {
  const state: KeyState = {};
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
export function storagePrefixEnd(index: CutoffIndex, n: number): number {
  const i = lastAtOrBelow(index.seqSteps, n);
  return i < 0 ? -1 : index.prefixEnd[i]!;
}

/** Records a reader trusting file position would have seen too early at cutoff N, in storage order. */
export function futureLeaks(index: CutoffIndex, n: number): SeqRecord[] {
  const end = storagePrefixEnd(index, n);
  const leaks: SeqRecord[] = [];
  for (let pos = 0; pos <= end; pos++) {
    const r = index.participants[pos]!;
    if (r.acceptSeq !== null && r.acceptSeq > n) leaks.push(r);
  }
  return leaks;
}
