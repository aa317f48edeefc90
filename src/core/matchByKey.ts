import { STEP, type Steps } from './compareSteps';

/** Two lists matched by key: every item of each side once, in a pair or alone. */
export interface KeyMatch<B, O> {
  /** In base order: the k-th base item of a key with the k-th other item of that key. */
  readonly pairs: [B, O][];
  /** Base items with no partner, in base order. */
  readonly restBase: B[];
  /** Other items with no partner, in other order. */
  readonly restOther: O[];
}

/**
 * Matches items of two runs one-to-one by key, in each side's order. An item
 * whose key is `undefined` is never matched. Yields every `STEP` items.
 */
export function* matchByKey<B, O>(
  base: readonly B[],
  other: readonly O[],
  keyOfBase: (item: B) => string | undefined,
  keyOfOther: (item: O) => string | undefined,
): Steps<KeyMatch<B, O>> {
  if (base.length === 0 || other.length === 0) return { pairs: [], restBase: [...base], restOther: [...other] };
  // Taken from by a cursor, not shift(): shift moves every item left behind, and thousands alike may share one key.
  const waiting = new Map<string, { list: number[]; next: number }>();
  for (let j = 0; j < other.length; j++) {
    const key = keyOfOther(other[j]!);
    if (key !== undefined) {
      const q = waiting.get(key);
      if (q) q.list.push(j);
      else waiting.set(key, { list: [j], next: 0 });
    }
    if (j % STEP === STEP - 1) yield;
  }
  const pairs: [B, O][] = [];
  const restBase: B[] = [];
  const matched = new Uint8Array(other.length);
  for (let i = 0; i < base.length; i++) {
    const b = base[i]!;
    const key = keyOfBase(b);
    const q = key === undefined ? undefined : waiting.get(key);
    if (q && q.next < q.list.length) {
      const j = q.list[q.next++]!;
      matched[j] = 1;
      pairs.push([b, other[j]!]);
    } else restBase.push(b);
    if (i % STEP === STEP - 1) yield;
  }
  const restOther: O[] = [];
  for (let j = 0; j < other.length; j++) if (!matched[j]) restOther.push(other[j]!);
  return { pairs, restBase, restOther };
}
