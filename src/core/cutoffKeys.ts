import { sameJson } from './canonical';
import { lastAtOrBelow, type CutoffIndex, type KeyChanges } from './cutoff';
import type { JsonValue, SeqRecord, StateValue } from './model';
import type { StoragePrefixIndex } from './storagePrefix';

/**
 * The keys of a session's state table at a cutoff, side by side (acceptance
 * as of N, and the storage prefix a file-order reader holds), kept as one
 * change position per key in typed arrays. A cutoff step applies only the
 * changes between the two cutoffs: with 100,000 keys, a binary search of
 * every key, two state objects and 100,000 rows at each step took 88-160 ms
 * where a frame has 16.
 */
export interface CutoffKeyIndex {
  /** Every key either side can hold, sorted as the table lists them. */
  readonly keys: readonly string[];
  /** 1 where the key's acceptance value is unknown whatever the cutoff. */
  readonly unknown: Uint8Array;
  readonly acceptance: readonly (KeyChanges | undefined)[];
  readonly storage: readonly (StorageChanges | undefined)[];
  /** Every acceptance change of every key, by number: the number, the key and the change's place in the key's list. */
  readonly accSeq: Float64Array;
  readonly accKey: Int32Array;
  readonly accAt: Int32Array;
  /** Every storage change, by participant position, likewise. */
  readonly stoPos: Float64Array;
  readonly stoKey: Int32Array;
  readonly stoAt: Int32Array;
}

type StorageChanges = StoragePrefixIndex['changes'] extends ReadonlyMap<string, infer C> ? C : never;

export function buildCutoffKeyIndex(index: CutoffIndex, prefix: StoragePrefixIndex): CutoffKeyIndex {
  const keys = sortedUnion(sortedUnion([...index.changes.keys()], [...prefix.changes.keys()]), index.unknownKeys);
  const at = new Map(keys.map((key, k) => [key, k]));
  const unknown = new Uint8Array(keys.length);
  for (const key of index.unknownKeys) unknown[at.get(key)!] = 1;
  const acceptance = keys.map((key) => index.changes.get(key));
  const storage = keys.map((key) => prefix.changes.get(key));
  const acc = changesInOrder(acceptance.map((c) => c?.seqs));
  const sto = changesInOrder(storage.map((c) => c?.positions));
  return { keys, unknown, acceptance, storage, accSeq: acc.at, accKey: acc.key, accAt: acc.change, stoPos: sto.at, stoKey: sto.key, stoAt: sto.change };
}

/** Two sorted lists of distinct strings as one, each string once: the key lists come sorted, and 100,000 keys sorted again took tens of milliseconds. */
function sortedUnion(a: readonly string[], b: readonly string[]): string[] {
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x === y) {
      out.push(x);
      i++;
      j++;
    } else out.push(x < y ? a[i++]! : b[j++]!);
  }
  while (i < a.length) out.push(a[i++]!);
  while (j < b.length) out.push(b[j++]!);
  return out;
}

/**
 * Every key's ascending list merged into one ascending order; ties in key
 * order, then list order. A heap of one head per key: a session with a few
 * keys and a million changes merges in a few passes, where a sort of every
 * change took a comparison function called millions of times.
 */
function changesInOrder(lists: readonly (readonly number[] | undefined)[]): { at: Float64Array; key: Int32Array; change: Int32Array } {
  let total = 0;
  for (const list of lists) total += list?.length ?? 0;
  const at = new Float64Array(total);
  const key = new Int32Array(total);
  const change = new Int32Array(total);
  // The heap holds keys, each with its next change (its head).
  const next = new Int32Array(lists.length);
  const headOf = new Float64Array(lists.length);
  const heap = new Int32Array(lists.length);
  let size = 0;
  const before = (x: number, y: number) => headOf[x]! < headOf[y]! || (headOf[x] === headOf[y] && x < y);
  const down = (i: number) => {
    const k = heap[i]!;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= size) break;
      const c = l + 1 < size && before(heap[l + 1]!, heap[l]!) ? l + 1 : l;
      if (!before(heap[c]!, k)) break;
      heap[i] = heap[c]!;
      i = c;
    }
    heap[i] = k;
  };
  lists.forEach((list, k) => {
    if (!list || list.length === 0) return;
    headOf[k] = list[0]!;
    heap[size++] = k;
  });
  for (let i = (size >> 1) - 1; i >= 0; i--) down(i);
  for (let e = 0; e < total; e++) {
    const k = heap[0]!;
    at[e] = headOf[k]!;
    key[e] = k;
    change[e] = next[k]!;
    const list = lists[k]!;
    if (++next[k]! < list.length) headOf[k] = list[next[k]!]!;
    else heap[0] = heap[--size]!;
    if (size > 0) down(0);
  }
  return { at, key, change };
}

/** Each key's place in its two change lists at one cutoff (-1: not set), and which keys the table lists and flags. */
export interface CutoffKeyState {
  readonly n: number;
  readonly prefixEnd: number;
  readonly accAt: Int32Array;
  readonly stoAt: Int32Array;
  /** Per key: LISTED when either side holds it (or it is unknown), FLAGGED when the two differ or it is undetermined. */
  readonly flags: Uint8Array;
  readonly listed: number;
  readonly flagged: number;
}

export const LISTED = 1;
export const FLAGGED = 2;

/**
 * The keys' state at cutoff `n` with the storage prefix ending at `prefixEnd`,
 * stepped from `from` (a state of the same index) by the changes between the
 * two, or worked out key by key when that is fewer steps.
 */
export function cutoffKeyStateAt(index: CutoffKeyIndex, n: number, prefixEnd: number, from: CutoffKeyState | null): CutoffKeyState {
  const count = index.keys.length;
  if (from !== null) {
    const accSpan = Math.abs(lastAtOrBelow(index.accSeq, n) - lastAtOrBelow(index.accSeq, from.n));
    const stoSpan = Math.abs(lastAtOrBelow(index.stoPos, prefixEnd) - lastAtOrBelow(index.stoPos, from.prefixEnd));
    if (accSpan + stoSpan < count) return stepCutoffKeyState(index, from, n, prefixEnd);
  }
  const accAt = new Int32Array(count);
  const stoAt = new Int32Array(count);
  const flags = new Uint8Array(count);
  let listed = 0;
  let flagged = 0;
  for (let k = 0; k < count; k++) {
    const a = index.acceptance[k];
    const s = index.storage[k];
    accAt[k] = a ? lastAtOrBelow(a.seqs, n) : -1;
    stoAt[k] = s ? lastAtOrBelow(s.positions, prefixEnd) : -1;
    const f = flagsOf(index, k, accAt[k]!, stoAt[k]!);
    flags[k] = f;
    listed += f & LISTED;
    if (f & FLAGGED) flagged++;
  }
  return { n, prefixEnd, accAt, stoAt, flags, listed, flagged };
}

/** The keys' state at `n` from the state at another cutoff, by the changes between the two; exported for its tests, which take it whatever the number of changes. */
export function stepCutoffKeyState(index: CutoffKeyIndex, from: CutoffKeyState, n: number, prefixEnd: number): CutoffKeyState {
  const accAt = from.accAt.slice();
  const stoAt = from.stoAt.slice();
  const flags = from.flags.slice();
  const touched: number[] = [];
  move(index.accSeq, index.accKey, index.accAt, from.n, n, accAt, touched);
  move(index.stoPos, index.stoKey, index.stoAt, from.prefixEnd, prefixEnd, stoAt, touched);
  let listed = from.listed;
  let flagged = from.flagged;
  for (const k of touched) {
    const before = flags[k]!;
    const after = flagsOf(index, k, accAt[k]!, stoAt[k]!);
    if (before === after) continue;
    flags[k] = after;
    listed += (after & LISTED) - (before & LISTED);
    flagged += (after & FLAGGED ? 1 : 0) - (before & FLAGGED ? 1 : 0);
  }
  return { n, prefixEnd, accAt, stoAt, flags, listed, flagged };
}

/**
 * Moves each key's place from cutoff `from` to `to`. Forward, the changes in
 * between are applied in order, so each key ends at its last one ≤ `to`;
 * backward, they are undone from the last, so each ends just before its
 * first one > `to`.
 */
function move(where: Float64Array, keyOf: Int32Array, changeOf: Int32Array, from: number, to: number, at: Int32Array, touched: number[]): void {
  const a = lastAtOrBelow(where, from);
  const b = lastAtOrBelow(where, to);
  for (let e = a + 1; e <= b; e++) {
    at[keyOf[e]!] = changeOf[e]!;
    touched.push(keyOf[e]!);
  }
  for (let e = a; e > b; e--) {
    at[keyOf[e]!] = changeOf[e]! - 1;
    touched.push(keyOf[e]!);
  }
}

function flagsOf(index: CutoffKeyIndex, k: number, a: number, s: number): number {
  const undetermined = index.unknown[k] === 1;
  if (!undetermined && a < 0 && s < 0) return 0;
  return undetermined || !sameJson(accValue(index, k, a), stoValue(index, k, s)) ? LISTED | FLAGGED : LISTED;
}

const accValue = (index: CutoffKeyIndex, k: number, a: number): StateValue | undefined =>
  index.unknown[k] === 1 ? 'unknown' : a >= 0 ? index.acceptance[k]!.values[a] : undefined;

const stoValue = (index: CutoffKeyIndex, k: number, s: number): JsonValue | undefined => (s >= 0 ? index.storage[k]!.values[s] : undefined);

/** One key of the table at a cutoff. */
export interface CutoffKeyRow {
  readonly key: string;
  /** Acceptance state as of N; undefined while no accepted input up to N has set the key. */
  readonly acceptance: StateValue | undefined;
  readonly storage: StateValue | undefined;
  /** No usable evidence decides the key in acceptance order: `acceptance` is then the marker, not a value a log set. */
  readonly undetermined: boolean;
  readonly differs: boolean;
  readonly acceptanceSetter: SeqRecord | null;
  readonly storageSetter: SeqRecord | null;
}

/** The keys the table lists at this cutoff (only the flagged ones when asked), as indices into `index.keys`: one byte read per key. */
export function listedKeys(index: CutoffKeyIndex, state: CutoffKeyState, onlyFlagged: boolean): Int32Array {
  const want = onlyFlagged ? FLAGGED : LISTED;
  const out = new Int32Array(onlyFlagged ? state.flagged : state.listed);
  let i = 0;
  for (let k = 0; k < index.keys.length; k++) if (state.flags[k]! & want) out[i++] = k;
  return out;
}

/** Every row the table lists, made at once (tests compare them whole); the page makes rows only for the keys in view (cutoffKeyRow). */
export function cutoffKeyRows(index: CutoffKeyIndex, state: CutoffKeyState, onlyFlagged: boolean): CutoffKeyRow[] {
  return Array.from(listedKeys(index, state, onlyFlagged), (k) => cutoffKeyRow(index, state, k));
}

/** The row of key `k` (an index into `index.keys`) at this cutoff. */
export function cutoffKeyRow(index: CutoffKeyIndex, state: CutoffKeyState, k: number): CutoffKeyRow {
  const a = state.accAt[k]!;
  const s = state.stoAt[k]!;
  const undetermined = index.unknown[k] === 1;
  const acceptance = accValue(index, k, a);
  const storage = stoValue(index, k, s);
  return {
    key: index.keys[k]!,
    acceptance,
    storage,
    undetermined,
    differs: !sameJson(acceptance, storage),
    acceptanceSetter: !undetermined && a >= 0 ? index.acceptance[k]!.setters[a]! : null,
    storageSetter: s >= 0 ? index.storage[k]!.setters[s]! : null,
  };
}
