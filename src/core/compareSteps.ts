/**
 * A comparison made in steps: each phase is a generator that yields after a
 * bounded amount of work, so a caller on the page can hand the thread back
 * between slices and drop the comparison when it is no longer wanted. The
 * engine itself keeps no clock: how many steps make a slice is the caller's
 * choice.
 */
export type Steps<T> = Generator<void, T, void>;

/** Records (or keys, findings, comparisons) handled between two yields. */
export const STEP = 1024;

/** Runs steps to their end on the spot: the CLI's and the tests' way. */
export function runSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/**
 * Sorts `items` in place, stably, like `Array.prototype.sort` with the same
 * order: a merge of the runs already in order, so lists that are nearly
 * sorted (acceptance order read in storage order) take few passes.
 */
export function* sortInSteps<T>(items: T[], order: (a: T, b: T) => number): Steps<void> {
  const n = items.length;
  if (n < 2) return;
  let bounds = [0];
  let work = 0;
  for (let i = 1; i < n; i++) {
    if (order(items[i - 1]!, items[i]!) > 0) bounds.push(i);
    if (++work >= STEP) {
      work = 0;
      yield;
    }
  }
  bounds.push(n);
  let from = items;
  let into = new Array<T>(n);
  while (bounds.length > 2) {
    const merged = [0];
    for (let r = 0; r < bounds.length - 1; r += 2) {
      const lo = bounds[r]!;
      const mid = bounds[r + 1]!;
      const hi = bounds[r + 2] ?? mid;
      let i = lo;
      let j = mid;
      let k = lo;
      // The left run's item first on a tie: stable.
      while (i < mid && j < hi) {
        into[k++] = order(from[j]!, from[i]!) < 0 ? from[j++]! : from[i++]!;
        if (++work >= STEP) {
          work = 0;
          yield;
        }
      }
      while (i < mid) into[k++] = from[i++]!;
      while (j < hi) into[k++] = from[j++]!;
      merged.push(hi);
    }
    [from, into] = [into, from];
    bounds = merged;
  }
  if (from !== items) for (let i = 0; i < n; i++) items[i] = from[i]!;
}

/** Texts in code-unit order, as `Array.prototype.sort` without an order puts them. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
