import { rulesBetween, type PlacedBoundary } from '../viz/orderBoundaries';

/**
 * Which rows of the raw file order table are mounted. Every row is one
 * fixed height (`.raw-table tbody td` in evidence.css), so the rows in view follow from
 * the scroll offset alone and those above and below stand as two spacers:
 * mounting all 400 rows of a window cost 120–150 ms of script, style and
 * layout at each switch to raw file order, most of it for rows out of view.
 */

/** Records per window of the table (paged by Earlier rows and Later rows). */
export const WINDOW = 400;

/** A row's height in px; evidence.css gives `.raw-table tbody td` the same. */
export const RAW_ROW_PX = 24;
/** Rows the scroller shows at its tallest (its max-height, 420 px). */
const VIEW_ROWS = Math.ceil(420 / RAW_ROW_PX);
/** Rows mounted beyond each edge of the view, so a short scroll shows rows already laid out. */
const OVERSCAN = 12;
/** Up to this many rows, all are mounted (and every row is in the document for find-in-page). */
export const MOUNT_ALL_UP_TO = VIEW_ROWS + 4 * OVERSCAN;

export interface RowRange {
  readonly from: number;
  readonly to: number;
}

/** The rows to mount, [from, to), of `count`, when the scroller's first row in view is `topRow`. */
export function mountedRows(count: number, topRow: number): RowRange {
  if (count <= MOUNT_ALL_UP_TO) return { from: 0, to: count };
  const mounted = VIEW_ROWS + 2 * OVERSCAN;
  const from = Math.max(0, Math.min(topRow - OVERSCAN, count - mounted));
  return { from, to: Math.min(count, from + mounted) };
}

/**
 * The runs of rows to mount, in order: the rows in view (mountedRows) and, wherever it is, `kept` (-1: none),
 * the row holding keyboard focus. Unmounted when scrolled away, a focused row took focus with it: the next Tab
 * started again from the top of the page, and a screen reader lost its place.
 */
export function mountedRuns(count: number, topRow: number, kept: number): RowRange[] {
  const view = mountedRows(count, topRow);
  if (kept < 0 || kept >= count || (kept >= view.from && kept < view.to)) return [view];
  const alone = { from: kept, to: kept + 1 };
  // Touching the view, it joins it: no spacer of no rows between them.
  if (kept === view.from - 1) return [{ from: kept, to: view.to }];
  if (kept === view.to) return [{ from: view.from, to: kept + 1 }];
  return kept < view.from ? [alone, view] : [view, alone];
}

/**
 * The first row in view once row `row` is revealed: the view left where it is
 * when the row is already in it, else the row placed a few rows from the top.
 */
export function topRowRevealing(row: number, topRow: number): number {
  if (row < 0 || (row >= topRow && row < topRow + VIEW_ROWS - 1)) return topRow;
  return Math.max(0, row - 4);
}

/** Where the window of rows starts: where it was while it holds the row `focusAt` (none: -1), else a quarter of a window above that row. */
export function windowAround(focusAt: number, start: number): number {
  return focusAt < 0 || (focusAt >= start && focusAt < start + WINDOW) ? start : Math.max(0, focusAt - WINDOW / 4);
}

/** A row of the window: a record (its place in the window) or a boundary row before one. */
export type WindowRow = { readonly k: number } | { readonly boundary: PlacedBoundary; readonly key: string };

/** The window's rows in order, each boundary before the first record at or after its line, and those past the last record at the end. */
export function windowRows(placed: readonly PlacedBoundary[], start: number, shown: number, total: number): WindowRow[] {
  const out: WindowRow[] = [];
  for (let k = 0; k < shown; k++) {
    rulesBetween(placed, start + k, start + k).forEach((boundary, j) => out.push({ boundary, key: `b${start + k}.${j}` }));
    out.push({ k });
  }
  if (start + shown === total) rulesBetween(placed, total, total).forEach((boundary, j) => out.push({ boundary, key: `end${j}` }));
  return out;
}
