import { runSteps, type Steps } from '../core/compareSteps';
import { leakCountText } from '../core/leakCountText';
import { placeLabel } from '../core/place';
import { clipChars as clip, LABEL_CHARS } from '../core/markdownText';
import { hasInvisibles } from '../core/invisibleChars';
import { LANE } from '../core/recordOrder';
import { acceptLabel } from './acceptLabel';
import { orderAxisCaptions } from './orderAxisCaptions';
import type { OrderModel } from './orderModel';
import { orderLegendEntries, type LegendEntry } from './orderLegendEntries';
import { BOUNDARY_Y, boundaryLegend, boundaryScene, type PlacedBoundary } from './orderBoundaries';
import { afterBand } from './afterBand';
import { accX, IDENTITY, orderRows, PAD, storageX, type OrderRows } from './orderScene';
import { binnedMarks } from './orderSvgBinned';
import { C, colourOf, r1, xmlText } from './orderSvgParts';

/** Above this many records the figure is binned (see binnedMarks). */
export const MAX_MARKS = 4000;
/** Below this many pixels between marks, a leak's 'future leak' label would run into its neighbour's: the rings stand alone and the header counts them. */
const LEAK_LABEL_SPACING = 64;

export interface OrderSvgParams {
  readonly model: OrderModel;
  readonly session: string;
  readonly inputs: readonly { readonly name: string; readonly sha256: string; readonly itemized?: boolean }[];
  /** The cutoff N, with the session indices of its future leaks and the storage position where its prefix ends (-1: none). */
  readonly n: number | null;
  readonly cutRank: number;
  readonly leaks: ReadonlySet<number>;
  readonly prefixLast: number;
  readonly selected: readonly number[];
  /** The session's boundaries on its storage axis (placeBoundaries), drawn as the page draws them. */
  readonly boundaries?: readonly PlacedBoundary[];
}


export interface OrderSvg {
  readonly svg: string;
  readonly width: number;
  readonly height: number;
}

/**
 * The order view of one session as a standalone SVG document: every record
 * drawn once per axis and joined (crossings are inversions), the lanes apart,
 * the cutoff with its storage prefix and future leaks, the selection, and a
 * legend. It needs no style sheet, script or font from the page.
 */
export function orderSvgDocument(p: OrderSvgParams): OrderSvg {
  return runSteps(orderSvgSteps(p));
}

/**
 * orderSvgDocument made a piece at a time: it yields between pieces of a
 * binned figure's work, where its maker may let the page run (the document
 * made is the same).
 */
export function* orderSvgSteps(p: OrderSvgParams): Steps<OrderSvg> {
  const { model } = p;
  const width = model.n > MAX_MARKS ? 2000 : Math.round(Math.min(4000, Math.max(760, 2 * PAD + model.n * 26)));
  const rows = orderRows(model);
  const head = 48;
  const entries = orderLegendEntries(model, { ...boundaryLegend(p.boundaries ?? []), cutoff: p.n !== null, recordMarks: model.n <= MAX_MARKS });
  const legend = legendMarks(entries, width, head + rows.height + 26);
  const height = legend.bottom + 14;
  const sx = (i: number) => r1(storageX(model, i, width, IDENTITY));
  const ax = (rank: number) => r1(accX(model, rank, width, IDENTITY));
  const spacing = (width - 2 * PAD) / Math.max(1, model.n);
  const labelChars = Math.floor(spacing / 6.2);
  const laneY = new Map(rows.lanes.map((l) => [l.lane, l.y]));
  const out: string[] = [];
  const files = p.inputs.map((i) => `${i.name} (SHA-256 ${i.sha256.slice(0, 12)}…)`).join(', ');
  // Long file names are cut, never the cutoff the figure is drawn at.
  const cutoffText = p.n === null ? '' : ` · cutoff N = ${p.n}, ${leakCountText(p.leaks.size)}`;
  out.push(
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, -apple-system, 'Segoe UI', sans-serif" font-size="11">`,
    `<title>${xmlText(`Acceptance order vs storage order — session ${p.session}`)}</title>`,
    `<desc>${xmlText(`Seqscope order view of ${files}. Top axis: position in the file (storage order); bottom axis: accept_seq (acceptance order); every crossing of two lines is an inversion.`)}</desc>`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="${PAD}" y="18" font-size="13" font-weight="600" fill="${C.text}">${xmlText(clip(`Acceptance order vs storage order — session ${p.session}`, 140))}</text>`,
    `<text x="${PAD}" y="35" fill="${C.muted}">${xmlText(`${clip(files, Math.max(20, Math.floor(width / 6) - cutoffText.length))}${cutoffText}`)}</text>`,
    `<g transform="translate(0 ${head})">`,
  );
  const captions = orderAxisCaptions(model, p.inputs);
  out.push(
    `<text x="${PAD}" y="16" font-weight="600" fill="${C.text}">Storage order <tspan font-weight="400" fill="${C.muted}">· ${xmlText(captions.storage)}</tspan></text>`,
    `<line x1="${PAD}" x2="${width - PAD}" y1="${rows.top}" y2="${rows.top}" stroke="${C.border}" stroke-width="1.5"/>`,
    `<line x1="${PAD}" x2="${width - PAD}" y1="${rows.bottom}" y2="${rows.bottom}" stroke="${C.border}" stroke-width="1.5"/>`,
    `<text x="${PAD}" y="${rows.bottom + 40}" font-weight="600" fill="${C.text}">Acceptance order <tspan font-weight="400" fill="${C.muted}">· ${xmlText(captions.acceptance)}</tspan></text>`,
  );
  for (const lane of rows.lanes) {
    out.push(
      `<line x1="${PAD}" x2="${width - PAD}" y1="${lane.y - 22}" y2="${lane.y - 22}" stroke="${C.border}" stroke-dasharray="2 3"/>`,
      `<text x="${PAD}" y="${lane.y - 9}" font-weight="600" fill="${C.muted}">${xmlText(lane.title)}</text>`,
    );
  }
  let cutX: number | null = null;
  if (p.n !== null && model.accCount > 0) {
    cutX = p.cutRank <= 0 ? ax(0) - spacing / 2 : ax(p.cutRank - 1) + spacing / 2;
    const band = afterBand(p.n, p.cutRank, model.accCount, cutX, width);
    if (band) out.push(`<rect x="${r1(band.x)}" y="${rows.bottom - 14}" width="${r1(band.width)}" height="28" fill="${C.shade}"/>`);
  }
  const boundaries = p.boundaries ?? [];
  out.push(...boundaryMarks(boundaries, model.n, width, rows.top));
  if (model.n > MAX_MARKS) out.push(...(yield* binnedMarks(model, rows, width, sx, ax, laneY, p.cutRank)));
  else out.push(...singleMarks(model, rows, sx, ax, laneY, labelChars, p));
  if (cutX !== null) {
    out.push(
      `<line x1="${r1(cutX)}" x2="${r1(cutX)}" y1="${rows.bottom - 20}" y2="${rows.bottom + 22}" stroke="${C.cutoff}" stroke-width="2"/>`,
      `<text x="${r1(cutX > width - 80 ? cutX - 5 : cutX + 5)}" y="${rows.bottom - 22}" text-anchor="${cutX > width - 80 ? 'end' : 'start'}" font-weight="700" fill="${C.cutoff}">N = ${p.n}</text>`,
    );
    if (p.prefixLast >= 0) out.push(`<line x1="${PAD}" x2="${r1(sx(p.prefixLast) + spacing / 2)}" y1="${rows.top + 11}" y2="${rows.top + 11}" stroke="${C.cutoff}" stroke-width="3" opacity="0.55"/>`);
    out.push(...leakMarks(p.leaks, sx, rows.top, model.n > MAX_MARKS ? 'tick' : spacing >= LEAK_LABEL_SPACING ? 'labelled' : 'ring'));
  }
  for (const i of p.selected) {
    if (i < 0 || i >= model.n) continue;
    out.push(`<circle class="selected" cx="${sx(i)}" cy="${model.lane[i] === LANE.axis ? rows.top : laneY.get(model.lane[i]!)!}" r="7" fill="none" stroke="${C.cutoff}" stroke-width="2"/>`);
  }
  out.push('</g>');
  out.push(...legend.marks);
  out.push('</svg>');
  return { svg: `${out.join('\n')}\n`, width, height };
}

type X = (i: number) => number;

/**
 * Every future leak where it is stored: ringed and labelled when marks stand
 * apart, ringed alone when labels would overlap, and in a binned figure a
 * tick above the storage axis per pixel column, as the page's dense view
 * draws them. The header counts them all.
 */
function leakMarks(leaks: ReadonlySet<number>, sx: X, top: number, how: 'labelled' | 'ring' | 'tick'): string[] {
  if (how === 'tick') {
    const columns = new Set([...leaks].map((i) => Math.round(sx(i))));
    return [`<path class="leaks" d="${[...columns].map((x) => `M${x - 1} ${top - 25}h2v6h-2z`).join('')}" fill="${C.leak}"/>`];
  }
  return [...leaks].map((i) => {
    const label = how === 'labelled' ? `<text x="${sx(i)}" y="${top - 24}" text-anchor="middle" font-weight="600" fill="${C.leak}">future leak</text>` : '';
    return `<g class="leak"><circle cx="${sx(i)}" cy="${top}" r="8" fill="none" stroke="${C.leak}" stroke-width="2"/>${label}</g>`;
  });
}

const LEGEND_ROW = 18;
/** About the width of a character of the legend's 11 px text, to wrap before an entry would run past the edge. */
const LEGEND_CHAR = 6.4;

/** One mark per entry, wrapped into as many rows as the width needs; the first row's baseline at `y`. */
function legendMarks(entries: readonly LegendEntry[], width: number, y: number): { marks: string[]; bottom: number } {
  const marks: string[] = [];
  let x = PAD;
  let ly = y;
  for (const e of entries) {
    const w = 28 + e.label.length * LEGEND_CHAR;
    if (x > PAD && x + w > width - PAD) {
      x = PAD;
      ly += LEGEND_ROW;
    }
    marks.push(`${legendMark(e, x, ly)}<text x="${r1(x + 28)}" y="${ly}" fill="${C.muted}">${xmlText(clip(e.label, Math.floor((width - 2 * PAD - 28) / LEGEND_CHAR)))}</text>`);
    x += w + 16;
  }
  return { marks: [`<g class="legend">${marks.join('')}</g>`], bottom: ly };
}

function legendMark(e: LegendEntry, x: number, y: number): string {
  const cy = y - 4;
  switch (e.mark) {
    case 'category':
      return `<circle cx="${r1(x + 11)}" cy="${cy}" r="4.5" fill="${colourOf(e.category!)}"/>`;
    case 'inversion':
      return `<line x1="${r1(x)}" x2="${r1(x + 22)}" y1="${cy}" y2="${cy}" stroke="${C.inversion}" stroke-width="2.2"/>`;
    case 'shared':
      return `<rect x="${r1(x + 6.5)}" y="${cy - 4.5}" width="9" height="9" transform="rotate(45 ${r1(x + 11)} ${cy})" fill="none" stroke="${C.warning}" stroke-width="2"/>`;
    case 'leak':
      if (e.tick) return `<rect x="${r1(x + 10)}" y="${cy - 3}" width="2" height="6" fill="${C.leak}"/>`;
      return `<circle cx="${r1(x + 11)}" cy="${cy}" r="7" fill="none" stroke="${C.leak}" stroke-width="2"/>`;
    case 'boundary':
      return `<line x1="${r1(x + 11)}" x2="${r1(x + 11)}" y1="${y - 11}" y2="${y + 2}" stroke="${C.info}" stroke-width="1.5"/>`;
    case 'turn':
      return `<line x1="${r1(x + 11)}" x2="${r1(x + 11)}" y1="${y - 11}" y2="${y + 2}" stroke="${C.faint}" stroke-dasharray="2 2"/>`;
  }
}

/** Rules, their labels, turn ticks and covered bands, from the page's own geometry at the whole session's width. */
function boundaryMarks(placed: readonly PlacedBoundary[], n: number, width: number, top: number): string[] {
  const scene = boundaryScene(placed, n, width, IDENTITY);
  const out = scene.bands.map(
    (b) => `<rect class="boundary-band" x="${r1(b.x1)}" y="${top - BOUNDARY_Y.band}" width="${r1(b.x2 - b.x1)}" height="${2 * BOUNDARY_Y.band}" fill="${C.info}" opacity="0.14"><title>${xmlText(b.title)}</title></rect>`,
  );
  for (const x of scene.ticks) out.push(`<line class="turn-tick" x1="${r1(x)}" x2="${r1(x)}" y1="${top - BOUNDARY_Y.tick}" y2="${top + BOUNDARY_Y.tick}" stroke="${C.faint}" stroke-dasharray="2 2"/>`);
  for (const r of scene.rules) {
    const label =
      r.label === null
        ? ''
        : `<text x="${r1(r.anchor === 'start' ? r.x + 3 : r.x - 3)}" y="${top + BOUNDARY_Y.label}" text-anchor="${r.anchor}" font-size="10" font-weight="600" fill="${C.info}">${xmlText(r.label)}</text>`;
    out.push(`<g class="boundary"><title>${xmlText(r.title)}</title><line x1="${r1(r.x)}" x2="${r1(r.x)}" y1="${top + BOUNDARY_Y.ruleFrom}" y2="${top + BOUNDARY_Y.ruleTo}" stroke="${C.info}" stroke-width="1.5"/>${label}</g>`);
  }
  return out;
}

/** One mark per record, with its id and number when there is room, and a title naming it. */
function singleMarks(model: OrderModel, rows: OrderRows, sx: X, ax: X, laneY: ReadonlyMap<number, number>, labelChars: number, p: OrderSvgParams): string[] {
  const lines: string[] = [];
  const marks: string[] = [];
  for (let i = 0; i < model.n; i++) {
    const r = model.records[i]!;
    const fill = colourOf(model.category[i]!);
    const name = xmlText(`${r.kind} ${clip(String(r.id), LABEL_CHARS)} · ${placeLabel(p.inputs, r.fileIndex, r.line)}${r.acceptSeq === null ? '' : ` · accept_seq ${r.acceptSeq}`}`);
    const x = sx(i);
    const lane = model.lane[i]!;
    // An id with invisible characters is drawn in the warning colour, as the page draws it: its ⟨U+XXXX⟩ marks are text here.
    const labelFill = hasInvisibles(String(r.id)) ? C.warning : C.muted;
    const label = labelChars >= 3 ? `<text x="${x}" y="{Y}" text-anchor="middle" font-size="10" fill="${labelFill}">${xmlText(clip(String(r.id), labelChars))}</text>` : '';
    if (lane !== LANE.axis) {
      const y = laneY.get(lane)!;
      const hollow = lane === LANE.unaccepted;
      marks.push(`<g class="mark"><title>${name}</title><rect x="${x - 4}" y="${y - 4}" width="8" height="8" rx="1.5" fill="${hollow ? 'none' : fill}" stroke="${fill}" stroke-width="1.6"/>${label.replace('{Y}', String(y + 17))}</g>`);
      continue;
    }
    const rank = model.accRank[i]!;
    const a = ax(rank);
    const after = rank >= p.cutRank ? ' opacity="0.25"' : '';
    const dup = model.duplicate[i] === 1;
    const stroke = dup ? `stroke="${C.warning}" stroke-width="1.6" stroke-dasharray="4 3"` : model.displaced[i] ? `stroke="${C.inversion}" stroke-width="2.2"` : `stroke="${C.line}" stroke-width="1.2"`;
    lines.push(`<line x1="${x}" y1="${rows.top}" x2="${a}" y2="${rows.bottom}" ${stroke}${after}/>`);
    const top = `<circle cx="${x}" cy="${rows.top}" r="4.5" fill="${fill}"${p.leaks.has(i) ? '' : after}/>`;
    const bottom = dup
      ? `<rect x="${a - 4.5}" y="${rows.bottom - 4.5}" width="9" height="9" transform="rotate(45 ${a} ${rows.bottom})" fill="${fill}" stroke="${C.warning}" stroke-width="2"${after}/>`
      : `<circle cx="${a}" cy="${rows.bottom}" r="4.5" fill="${fill}"${after}/>`;
    const seq = labelChars >= 2 ? `<text x="${a}" y="${rows.bottom + 18}" text-anchor="middle" font-size="10" fill="${dup ? C.warning : C.muted}"${after}>${xmlText(clip(acceptLabel(r.acceptSeq ?? '', dup, labelChars), labelChars))}</text>` : '';
    marks.push(`<g class="mark"><title>${name}</title>${top}${bottom}${label.replace('{Y}', String(rows.top - 9))}${seq}</g>`);
  }
  return [`<g class="links">${lines.join('')}</g>`, `<g class="marks">${marks.join('')}</g>`];
}
