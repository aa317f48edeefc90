import { LANE } from '../core/recordOrder';
import type { OrderModel } from './orderModel';
import { PAD, type OrderRows } from './orderScene';
import { C, colourOf, xmlText } from './orderSvgParts';

const MAX_LINES = 2000;
type X = (i: number) => number;

/**
 * Past MAX_MARKS records a mark per record would make a file of tens of
 * megabytes that no viewer draws legibly: records are counted per pixel
 * column and category on each axis and lane (opacity by count), and only the
 * lines of displaced records — the inversions — are drawn, up to a limit.
 */
export function binnedMarks(model: OrderModel, rows: OrderRows, sx: X, ax: X, laneY: ReadonlyMap<number, number>, cutRank: number): string[] {
  // Count and lowest acceptance rank per column: a column of records all after the cutoff is dimmed, as the page dims it.
  const bins = new Map<string, { count: number; minRank: number }>();
  const add = (x: number, y: number, cat: number, rank: number) => {
    const key = `${Math.round(x)}|${y}|${cat}`;
    const bin = bins.get(key);
    if (bin) {
      bin.count++;
      bin.minRank = Math.min(bin.minRank, rank);
    } else bins.set(key, { count: 1, minRank: rank });
  };
  const lines: string[] = [];
  let displaced = 0;
  for (let i = 0; i < model.n; i++) displaced += model.displaced[i]!;
  // Evenly spread over the session, so the drawn inversions show where they are, not only the first ones.
  const stride = Math.max(1, Math.ceil(displaced / MAX_LINES));
  let seen = 0;
  for (let i = 0; i < model.n; i++) {
    const cat = model.category[i]!;
    const lane = model.lane[i]!;
    if (lane !== LANE.axis) {
      add(sx(i), laneY.get(lane)!, cat, -1);
      continue;
    }
    const rank = model.accRank[i]!;
    add(sx(i), rows.top, cat, rank);
    add(ax(rank), rows.bottom, cat, rank);
    if (model.displaced[i] && seen++ % stride === 0) {
      lines.push(`<line x1="${sx(i)}" y1="${rows.top}" x2="${ax(rank)}" y2="${rows.bottom}" stroke="${C.inversion}" stroke-width="1" opacity="${rank >= cutRank ? 0.2 : 0.6}"/>`);
    }
  }
  // One path per colour and opacity step keeps the file small: a column is a few bytes of path data.
  const paths = new Map<string, string[]>();
  for (const [key, { count, minRank }] of bins) {
    const [x, y, cat] = key.split('|').map(Number) as [number, number, number];
    const step = (count >= 8 ? 1 : count >= 4 ? 0.75 : count >= 2 ? 0.55 : 0.35) * (minRank >= cutRank ? 0.25 : 1);
    const group = `${colourOf(cat)}|${step}`;
    const d = `M${x - 0.5} ${y - 5}h1.5v10h-1.5z`;
    const list = paths.get(group);
    if (list) list.push(d);
    else paths.set(group, [d]);
  }
  const rects = [...paths].map(([group, d]) => {
    const [fill, opacity] = group.split('|');
    return `<path d="${d.join('')}" fill="${fill}" opacity="${opacity}"/>`;
  });
  // With nothing displaced there are no lines to account for, and the legend names no inversion either, as on the page.
  const drawn = displaced === 0 ? '' : `; lines drawn for ${lines.length} of ${displaced} displaced records${stride > 1 ? ` (one in every ${stride})` : ''}`;
  const note = `${model.n} records, counted per pixel column${drawn}.`;
  return [`<g class="links">${lines.join('')}</g>`, `<g class="bins">${rects.join('')}</g>`, `<text x="${PAD}" y="${rows.bottom + 56}" fill="${C.muted}">${xmlText(note)}</text>`];
}
