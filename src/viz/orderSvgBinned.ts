import { formatCount } from '../core/countText';
import { LANE } from '../core/recordOrder';
import type { OrderModel } from './orderModel';
import { PAD, type OrderRows } from './orderScene';
import { C, colourOf, xmlText } from './orderSvgParts';

const MAX_LINES = 2000;
type X = (i: number) => number;

/** Records handled between two of binnedMarks' yields: a few milliseconds of work. */
const SLICE = 1 << 17;
/** Bins listed between two yields: tens of thousands of bins are a million records' figure. */
const SLICE_BINS = 1 << 13;

/**
 * Past MAX_MARKS records a mark per record would make a file of tens of
 * megabytes that no viewer draws legibly: records are counted per pixel
 * column and category on each axis and lane (opacity by count), and only the
 * lines of displaced records — the inversions — are drawn, up to a limit.
 * It yields every SLICE records, so that the page can make a million-record
 * figure in tasks short enough not to freeze it.
 */
export function* binnedMarks(model: OrderModel, rows: OrderRows, width: number, sx: X, ax: X, laneY: ReadonlyMap<number, number>, cutRank: number): Generator<void, string[]> {
  // A record's mark on the acceptance axis is drawn at its rank's storage slot (accX), so one rounding per slot serves both axes.
  const column = new Uint16Array(model.n);
  let displaced = 0;
  let categories = 1;
  for (let from = 0; from < model.n; from += SLICE) {
    for (let i = from; i < Math.min(model.n, from + SLICE); i++) {
      column[i] = Math.round(sx(i));
      displaced += model.displaced[i]!;
      categories = Math.max(categories, model.category[i]! + 1);
    }
    yield;
  }
  const bins = new PixelBins(rows, width, categories, laneY);
  const lines: string[] = [];
  // Evenly spread over the session, so the drawn inversions show where they are, not only the first ones.
  const stride = Math.max(1, Math.ceil(displaced / MAX_LINES));
  let seen = 0;
  for (let from = 0; from < model.n; from += SLICE) {
    for (let i = from; i < Math.min(model.n, from + SLICE); i++) {
      const cat = model.category[i]!;
      const lane = model.lane[i]!;
      if (lane !== LANE.axis) {
        bins.add(column[i]!, bins.laneRow(lane), cat, -1);
        continue;
      }
      const rank = model.accRank[i]!;
      bins.add(column[i]!, TOP_ROW, cat, rank);
      bins.add(column[model.accSlot[rank]!]!, BOTTOM_ROW, cat, rank);
      if (model.displaced[i] && seen++ % stride === 0) {
        lines.push(`<line x1="${sx(i)}" y1="${rows.top}" x2="${ax(rank)}" y2="${rows.bottom}" stroke="${C.inversion}" stroke-width="1" opacity="${rank >= cutRank ? 0.2 : 0.6}"/>`);
      }
    }
    yield;
  }
  // One path per colour and opacity step keeps the file small: a column is a few bytes of path data.
  const paths = new Map<string, string[]>();
  let listed = 0;
  for (const { x, y, cat, count, minRank } of bins.inFirstSeenOrder()) {
    const step = (count >= 8 ? 1 : count >= 4 ? 0.75 : count >= 2 ? 0.55 : 0.35) * (minRank >= cutRank ? 0.25 : 1);
    const group = `${colourOf(cat)}|${step}`;
    const d = `M${x - 0.5} ${y - 5}h1.5v10h-1.5z`;
    const list = paths.get(group);
    if (list) list.push(d);
    else paths.set(group, [d]);
    if (++listed % SLICE_BINS === 0) yield;
  }
  yield;
  const rects = [...paths].map(([group, d]) => {
    const [fill, opacity] = group.split('|');
    return `<path d="${d.join('')}" fill="${fill}" opacity="${opacity}"/>`;
  });
  // With nothing displaced there are no lines to account for, and the legend names no inversion either, as on the page.
  const drawn = displaced === 0 ? '' : `; lines drawn for ${formatCount(lines.length)} of ${formatCount(displaced)} displaced records${stride > 1 ? ` (one in every ${formatCount(stride)})` : ''}`;
  const note = `${formatCount(model.n)} records, counted per pixel column${drawn}.`;
  return [`<g class="links">${lines.join('')}</g>`, `<g class="bins">${rects.join('')}</g>`, `<text x="${PAD}" y="${rows.bottom + 56}" fill="${C.muted}">${xmlText(note)}</text>`];
}

const TOP_ROW = 0;
const BOTTOM_ROW = 1;

/**
 * Count and lowest acceptance rank per pixel column, row (the two axes, then
 * the lanes) and category, in flat typed arrays: at a million records a Map
 * keyed by text made two million keys and was most of an export's quarter of
 * a second. Bins are listed in the order they were first filled, which is the
 * order the file has always drawn them in.
 */
class PixelBins {
  private readonly ys: number[];
  private readonly laneRows = new Map<number, number>();
  private readonly categories: number;
  private readonly count: Int32Array;
  private readonly minRank: Int32Array;
  private readonly firstSeen: number[] = [];

  constructor(rows: OrderRows, width: number, categories: number, laneY: ReadonlyMap<number, number>) {
    this.ys = [rows.top, rows.bottom];
    for (const [lane, y] of laneY) this.laneRows.set(lane, this.ys.push(y) - 1);
    this.categories = categories;
    // Every mark is drawn between PAD and width - PAD, so its rounded column is within [0, width].
    const cells = (width + 1) * this.ys.length * categories;
    this.count = new Int32Array(cells);
    this.minRank = new Int32Array(cells);
  }

  laneRow(lane: number): number {
    return this.laneRows.get(lane)!;
  }

  add(column: number, row: number, cat: number, rank: number): void {
    const cell = (column * this.ys.length + row) * this.categories + cat;
    const count = this.count[cell]!;
    this.count[cell] = count + 1;
    if (count === 0) {
      this.minRank[cell] = rank;
      this.firstSeen.push(cell);
    } else if (rank < this.minRank[cell]!) this.minRank[cell] = rank;
  }

  *inFirstSeenOrder(): Generator<{ x: number; y: number; cat: number; count: number; minRank: number }> {
    const perColumn = this.ys.length * this.categories;
    for (const cell of this.firstSeen) {
      const row = Math.floor((cell % perColumn) / this.categories);
      yield { x: Math.floor(cell / perColumn), y: this.ys[row]!, cat: cell % this.categories, count: this.count[cell]!, minRank: this.minRank[cell]! };
    }
  }
}
