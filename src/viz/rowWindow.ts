import { lastAtOrBelow } from '../core/cutoff';
import type { RowOffsets } from './rowOffsets';

/** A row to render and where it lies in the list. */
export interface WindowRow {
  readonly index: number;
  readonly start: number;
  readonly end: number;
  /** Rendered apart from the rows around the view: the pinned row above them, or a row kept wherever it is. */
  readonly apart?: 'pinned' | 'kept';
}

/** Which rows a view of the list shows, before the rows kept however far away they are. */
export interface RowRange {
  /** The row at the view's top. */
  readonly first: number;
  /** The rows rendered around the view: those in it and `overscan` more on each side. */
  readonly from: number;
  readonly to: number;
}

/**
 * Rows of no height would let a view take in a whole list (rows hidden, or a test DOM that lays nothing
 * out, measuring each at 0): past this many, the rest of the view is left to the next scroll.
 */
export const MOST_ROWS_IN_VIEW = 1000;

/** The rows in a view `viewport` high scrolled to `offset`; null when there is no row or no view. O(log n). */
export function rangeAt(offsets: RowOffsets, offset: number, viewport: number, overscan: number): RowRange | null {
  const n = offsets.count;
  if (n === 0 || viewport <= 0) return null;
  // Scrolled past the end (the list just got shorter): the view shows the list's last rows.
  const top = Math.max(0, Math.min(offset, offsets.total() - viewport));
  const first = offsets.indexAt(top);
  const last = Math.min(offsets.indexAt(top + viewport), first + MOST_ROWS_IN_VIEW);
  return { first, from: Math.max(0, first - overscan), to: Math.min(n - 1, last + overscan) };
}

/**
 * The row kept in its place on screen as rows are measured: `chosen`, the row last scrolled to while the user
 * has not scrolled since, when it is in view; else the row at the view's top. Not merely the row holding focus:
 * focus left in a row (a link clicked) would move the rows being read when a scroll brings that row into view.
 */
export function anchorRow(offsets: RowOffsets, chosen: number | null, offset: number, viewport: number): number {
  if (chosen !== null && chosen < offsets.count) {
    const start = offsets.start(chosen);
    if (start < offset + viewport && start + offsets.size(chosen) > offset) return chosen;
  }
  return offsets.indexAt(offset);
}

/** The pinned row that stays rendered above a range (the last at or before its top row), or -1. */
export function pinnedAbove(pinned: readonly number[], range: RowRange): number {
  const at = lastAtOrBelow(pinned, range.first);
  const head = at < 0 ? -1 : pinned[at]!;
  return head < range.from ? head : -1;
}

/**
 * The rows to render, ascending: the range's, after the pinned row above them (a group's heading that
 * sticks to the top), with the rows in `keep` among them wherever they are (the row a screen reader is
 * told is active, the row holding focus, the list's one tab stop).
 */
export function windowRows(offsets: RowOffsets, range: RowRange | null, pinned: readonly number[], keep: number | readonly number[]): WindowRow[] {
  if (range === null) return [];
  const kept = typeof keep === 'number' ? [keep] : keep;
  const rows: WindowRow[] = [];
  const taken = new Set<number>();
  const single = (index: number, apart: 'pinned' | 'kept') => {
    if (taken.has(index)) return;
    taken.add(index);
    const start = offsets.start(index);
    rows.push({ index, start, end: start + offsets.size(index), apart });
  };
  const head = pinnedAbove(pinned, range);
  if (head >= 0) single(head, 'pinned');
  for (const k of kept) if (k >= 0 && k < range.from) single(k, 'kept');
  rows.sort((a, b) => a.index - b.index);
  let start = offsets.start(range.from);
  for (let i = range.from; i <= range.to; i++) {
    const end = start + offsets.size(i);
    rows.push({ index: i, start, end });
    start = end;
  }
  const below = rows.length;
  for (const k of kept) if (k > range.to && k < offsets.count) single(k, 'kept');
  if (rows.length - below > 1) rows.push(...rows.splice(below).sort((a, b) => a.index - b.index));
  return rows;
}

/** A row to draw, after the room the rows left out just before it take (0 where it follows the row before). */
export interface SpacedRow {
  readonly index: number;
  readonly gap: number;
  /**
   * What the gap stands before: the list's top, the rows around the view, or a row rendered apart from them.
   * Keyed so, a spacer changes its height as the list scrolls instead of leaving the page and coming back.
   */
  readonly gapKey: string;
}

/**
 * The rows to draw with the spacers that stand for the rows left out: one before each run of rows drawn
 * (a row kept with focus far from the view makes two runs), and `below` after the last. A spacer above the
 * first run only drew the rows kept and the rows in view back to back, the list half its height.
 */
export function spacedRows(rows: readonly WindowRow[], total: number): { rows: SpacedRow[]; below: number } {
  let end = 0;
  const spaced = rows.map((row, k): SpacedRow => {
    const gap = Math.max(0, row.start - end);
    end = row.end;
    return { index: row.index, gap, gapKey: k === 0 ? 'top' : row.apart === 'kept' ? `kept-${row.index}` : (row.apart ?? 'view') };
  });
  return { rows: spaced, below: Math.max(0, total - end) };
}

export type Align = 'start' | 'end';

/**
 * How to scroll row `index` into a view scrolled to `offset`, as the browser's `block: 'nearest'` does:
 * to its end when the row reaches past the view's bottom, to its start (below `paddingTop`, the room a
 * stuck heading covers) when it begins above it, null when it is in view or covers it. A row taller
 * than the view is aligned by the other edge, so that the part of it shown is the part nearest: a
 * finding of a long message arrowed down to showed the message's last lines, its code far above.
 */
export function alignToShow(offsets: RowOffsets, index: number, offset: number, viewport: number, paddingTop: number): Align | null {
  const [top, bottom] = [offset + paddingTop, offset + viewport];
  const start = offsets.start(index);
  const end = start + offsets.size(index);
  const taller = end - start > bottom - top;
  if (start < top && end > bottom) return null;
  if (end > bottom) return taller ? 'start' : 'end';
  if (start < top) return taller ? 'end' : 'start';
  return null;
}

/** The scroll offset that shows row `index` aligned so, within the offsets the list can scroll to. */
export function offsetToShow(offsets: RowOffsets, index: number, align: Align, viewport: number, paddingTop: number): number {
  const most = Math.max(0, offsets.total() - viewport);
  if (align === 'end' && index === offsets.count - 1) return most;
  const to = align === 'end' ? offsets.end(index) - viewport : offsets.start(index) - paddingTop;
  return Math.max(0, Math.min(to, most));
}
