/**
 * The heights of a list's rows, each an estimate until measured, and where each row starts. The rows measured
 * are held in a Fenwick (binary indexed) tree of their heights and their count, so that measuring one row,
 * finding where a row starts and finding the row at a scroll offset each touch O(log n) entries: a virtualiser
 * that laid out every row from the first one measured to the end of the list held the page 200–450 ms per
 * measurement in a list of a million rows. Row i starts at the heights measured before it plus the estimate
 * times the rows before it not yet measured, so a new estimate moves every row at once in O(1): an adaptive
 * one (the mean of the rows measured) keeps the list's total near its real height as the first rows are drawn,
 * where a fixed 64 px for findings 101–120 px high grew the list, and moved its scrollbar, at every row drawn.
 * Only a change of the row count is O(n).
 */
export class RowOffsets {
  private rows = 0;
  /** The estimate given: the one used until a row is measured, or always when not adaptive. */
  private base = 0;
  /** When set, a row not measured is taken to be as high as the mean of the rows measured above 0. */
  adaptive = false;
  /** An adaptive estimate held where it was (holdEstimate), NaN when it follows the rows measured. */
  private held = NaN;
  /** Each row's height as measured, NaN where it is still the estimate. */
  private sizes = new Float64Array(0);
  /**
   * Fenwick tree, 1-based, two numbers a node: tree[2p] sums the heights measured over the rows
   * (p − lowbit(p), p], tree[2p + 1] counts the rows measured there.
   */
  private tree = new Float64Array(2);
  private measuredSum = 0;
  private measuredRows = 0;
  /** Rows measured above 0: those the adaptive estimate is the mean of (a hidden row says nothing of the others). */
  private tallRows = 0;
  /** The largest power of two ≤ the row count: where a descent starts. */
  private topStep = 0;
  /** Nodes of the tree read or written so far: lets tests guard the cost by count, not by time. */
  work = 0;

  constructor(count = 0, estimate = 0) {
    this.reset(count, estimate);
  }

  get count(): number {
    return this.rows;
  }

  /** The height taken for a row not measured. */
  get estimate(): number {
    if (!this.adaptive) return this.base;
    if (!Number.isNaN(this.held)) return this.held;
    return this.tallRows > 0 ? this.measuredSum / this.tallRows : this.base;
  }

  /**
   * Keeps an adaptive estimate where it is while `on`, the rows measured meanwhile moving only the rows after
   * them: a list that cannot move its scroll to keep the rows in view still (in a fast scroll) would see them
   * jump with each row measured, by the change of the mean times the rows above not measured. Returns whether
   * letting it go moved the rows.
   */
  holdEstimate(on: boolean): boolean {
    if (on) {
      if (Number.isNaN(this.held)) this.held = this.estimate;
      return false;
    }
    const was = this.estimate;
    this.held = NaN;
    return this.estimate !== was;
  }

  /**
   * Takes a new row count or estimate, keeping the heights measured of the rows that remain (a longer list
   * keeps its first rows, as a list grown by appending does). O(n) for a new count, O(1) for a new estimate.
   */
  reset(count: number, estimate: number): void {
    this.base = estimate;
    if (count === this.rows) return;
    const sizes = new Float64Array(count).fill(NaN);
    sizes.set(this.sizes.subarray(0, Math.min(count, this.rows)));
    this.rows = count;
    this.sizes = sizes;
    const tree = new Float64Array(2 * (count + 1));
    let [sum, measured, tall] = [0, 0, 0];
    for (let i = 0; i < count; i++) {
      const h = sizes[i]!;
      if (Number.isNaN(h)) continue;
      tree[2 * (i + 1)] = h;
      tree[2 * (i + 1) + 1] = 1;
      sum += h;
      measured++;
      if (h > 0) tall++;
    }
    // Linear-time build: each node hands its sums up to its parent once.
    for (let p = 1; p <= count; p++) {
      const up = p + (p & -p);
      if (up > count) continue;
      tree[2 * up]! += tree[2 * p]!;
      tree[2 * up + 1]! += tree[2 * p + 1]!;
    }
    this.tree = tree;
    this.work += count;
    [this.measuredSum, this.measuredRows, this.tallRows] = [sum, measured, tall];
    this.topStep = count === 0 ? 0 : 2 ** Math.floor(Math.log2(count));
  }

  /** Row i's height: measured, else the estimate. */
  size(i: number): number {
    const s = this.sizes[i]!;
    return Number.isNaN(s) ? this.estimate : s;
  }

  /** The rows measured so far. */
  get measured(): number {
    return this.measuredRows;
  }

  isMeasured(i: number): boolean {
    return !Number.isNaN(this.sizes[i]!);
  }

  /**
   * Sets row i's height (a negative one counts as 0); returns by how much the row grew, 0 when nothing moved
   * (a row first measured at the estimate leaves an adaptive estimate, the mean, as it was).
   */
  set(i: number, height: number): number {
    if (i < 0 || i >= this.rows) return 0;
    const h = Math.max(0, height);
    const was = this.sizes[i]!;
    const fresh = Number.isNaN(was);
    const delta = h - this.size(i);
    if (!fresh && h === was) return 0;
    this.sizes[i] = h;
    this.add(i, fresh ? h : h - was, fresh ? 1 : 0);
    this.tallRows += (h > 0 ? 1 : 0) - (!fresh && was > 0 ? 1 : 0);
    return delta;
  }

  /** Takes row i back to the estimate, the row it was measured for having left that place (a list replaced). O(log n). */
  forget(i: number): void {
    if (i < 0 || i >= this.rows || !this.isMeasured(i)) return;
    const was = this.sizes[i]!;
    this.sizes[i] = NaN;
    this.add(i, -was, -1);
    if (was > 0) this.tallRows--;
  }

  /** Adds `height` and `rows` to the heights measured and their count at row i, in the tree and in the totals. */
  private add(i: number, height: number, rows: number): void {
    for (let p = i + 1; p <= this.rows; p += p & -p) {
      this.tree[2 * p] = settled(this.tree[2 * p]! + height);
      this.tree[2 * p + 1]! += rows;
      this.work++;
    }
    this.measuredSum += height;
    this.measuredRows += rows;
  }

  /** Where row i starts: the heights of the rows before it. `start(count)` is the total. */
  start(i: number): number {
    const at = Math.max(0, Math.min(i, this.rows));
    let [sum, measured] = [0, 0];
    for (let p = at; p > 0; p -= p & -p) {
      sum += this.tree[2 * p]!;
      measured += this.tree[2 * p + 1]!;
      this.work++;
    }
    return sum + (at - measured) * this.estimate;
  }

  end(i: number): number {
    return this.start(i) + this.size(i);
  }

  total(): number {
    return this.measuredSum + (this.rows - this.measuredRows) * this.estimate;
  }

  /**
   * The row drawn at `offset`: the first whose end lies past it, so a row of no height is never the one
   * found. An offset before the list is read as its top (a negative `left` would stop the descent before rows
   * of no height there), past it gives the last row; -1 when there are no rows.
   */
  indexAt(offset: number): number {
    if (this.rows === 0) return -1;
    const guess = this.estimate;
    let at = 0;
    let left = Math.max(0, offset);
    for (let step = this.topStep; step > 0; step >>= 1) {
      const next = at + step;
      if (next > this.rows) continue;
      this.work++;
      const span = this.tree[2 * next]! + (step - this.tree[2 * next + 1]!) * guess;
      if (span <= left) {
        at = next;
        left -= span;
      }
    }
    return Math.min(at, this.rows - 1);
  }
}

/**
 * A node's sum after a height is added or taken away, with what rounding leaves of heights all gone taken
 * as 0: rows measured 40, then 0.1, then 0 left 1.4e-15 px, and indexAt found a row of no height at the top.
 */
function settled(sum: number): number {
  return Math.abs(sum) < 1e-6 ? 0 : sum;
}
