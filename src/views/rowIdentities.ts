import type { RowOffsets } from '../viz/rowOffsets';
import type { RowRange } from '../viz/rowWindow';

/** The identity of the row at an index (its React key, say). */
export type KeyOf = (index: number) => unknown;

/**
 * The row each height was measured for, so that a list replaced by another (a filter applied, another
 * file opened) does not keep, at each place off screen, the height of the row that stood there before
 * until it is seen: those rows go back to the estimate. A list grown by appending keeps its rows at their
 * places, and their heights.
 */
export class RowIdentities {
  private readonly keys = new Map<number, unknown>();

  /** Row `index` was measured; `keyOf` says which row stands there. */
  took(index: number, keyOf: KeyOf): void {
    this.keys.set(index, keyOf(index));
  }

  /**
   * Forgets the heights of the rows measured that have left their place. Every row measured is looked at
   * when the count changed (`range` null); else the rows about to be drawn, and every row measured once
   * one of them has changed: O(rows drawn) a render for a list that stays as it was. A list replaced by
   * one of as many rows whose rows drawn are all as they were keeps the heights of the rows off screen.
   */
  forgetReplaced(offsets: RowOffsets, keyOf: KeyOf, range: RowRange | null): void {
    if (range !== null && !this.replacedIn(range, keyOf)) return;
    let forgot = false;
    for (const [i, key] of this.keys) {
      if (i < offsets.count && keyOf(i) === key) continue;
      offsets.forget(i);
      this.keys.delete(i);
      forgot = true;
    }
    // An estimate held through a fast scroll was the mean of rows no longer there.
    if (forgot) offsets.holdEstimate(false);
  }

  clear(): void {
    this.keys.clear();
  }

  private replacedIn(range: RowRange, keyOf: KeyOf): boolean {
    for (let i = range.from; i <= range.to; i++) {
      const key = this.keys.get(i);
      if (key !== undefined && keyOf(i) !== key) return true;
    }
    return false;
  }
}
