import { formatCount } from '../core/countText';
import { LANE } from '../core/recordOrder';
import type { OrderModel } from './orderModel';

/** The x part of a d3-zoom transform; the order view zooms and pans horizontally only. */
export interface XTransform {
  readonly k: number;
  readonly x: number;
}

export const IDENTITY: XTransform = { k: 1, x: 0 };
export const PAD = 14;

const LANE_LABELS: Record<number, string> = {
  [LANE.missing]: 'No accept_seq',
  [LANE.unaccepted]: 'Not accepted (accepted: false)',
  [LANE.other]: 'Not analysed (other kinds)',
};

export interface LaneRow {
  readonly lane: number;
  readonly y: number;
  /** Name and count first, then any explanation, so a narrow view clips the explanation rather than the count. */
  readonly title: string;
  readonly count: number;
}

export interface OrderRows {
  readonly top: number;
  readonly bottom: number;
  readonly lanes: readonly LaneRow[];
  readonly height: number;
}

/** Vertical layout: the two axes, then one lane per kind of record that stands apart, only when it has members. */
export function orderRows(model: OrderModel): OrderRows {
  const top = 56;
  // Without any accept_seq there are no lines to draw, so the axes close up and the lanes carry the view.
  const bottom = model.accCount === 0 ? top + 40 : 170;
  let y = bottom + 82;
  const lanes: LaneRow[] = [];
  for (const lane of [LANE.missing, LANE.unaccepted, LANE.other]) {
    const count = model.laneMembers[lane]!.length;
    if (count === 0) continue;
    const why = lane === LANE.missing && !model.hasAcceptanceOrder ? ' (this session has no acceptance order)' : '';
    lanes.push({ lane, y, title: `${LANE_LABELS[lane]!} · ${formatCount(count)}${why}`, count });
    y += 40;
  }
  return { top, bottom, lanes, height: y - 12 };
}

export function projectX(frac: number, width: number, t: XTransform): number {
  return t.k * (PAD + frac * (width - 2 * PAD)) + t.x;
}

function unproject(x: number, width: number, t: XTransform): number {
  return ((x - t.x) / t.k - PAD) / (width - 2 * PAD);
}

export const storageX = (m: OrderModel, i: number, width: number, t: XTransform) => projectX((i + 0.5) / m.n, width, t);
export const accX = (m: OrderModel, rank: number, width: number, t: XTransform) => storageX(m, m.accSlot[rank]!, width, t);

/** First index in an ascending array holding a value ≥ v. */
function lowerBound(sorted: Int32Array, v: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Index range [from, to] of `count` evenly placed slots that fall within the view, with a small margin. */
export function visibleSlots(count: number, width: number, t: XTransform): [number, number] {
  if (count === 0) return [0, -1];
  const from = Math.max(0, Math.floor(unproject(-8, width, t) * count - 0.5));
  const to = Math.min(count - 1, Math.ceil(unproject(width + 8, width, t) * count - 0.5));
  return [from, to];
}

/** Storage slots [s0, s1] in view, and acceptance ranks [a0, a1] whose marks are. */
function visibleRanges(m: OrderModel, width: number, t: XTransform): [number, number, number, number] {
  const [s0, s1] = visibleSlots(m.n, width, t);
  return [s0, s1, lowerBound(m.accSlot, s0), lowerBound(m.accSlot, s1 + 1) - 1];
}

/**
 * Visits every record with a mark in view once: by storage position, then by acceptance rank (those
 * not already visited), without a seen-array or a list of them, which at a million records unzoomed
 * cost tens of MB of garbage at every zoom step and resize.
 */
function forEachVisibleRecord(m: OrderModel, width: number, t: XTransform, visit: (i: number) => void): void {
  const [s0, s1, a0, a1] = visibleRanges(m, width, t);
  for (let i = s0; i <= s1; i++) visit(i);
  for (let r = a0; r <= a1; r++) {
    const i = m.byAccRank[r]!;
    if (i < s0 || i > s1) visit(i);
  }
}

/** Session indices of every record with a mark in view: by storage position, by acceptance rank, or in a lane. */
export function visibleRecords(m: OrderModel, width: number, t: XTransform): number[] {
  const out: number[] = [];
  forEachVisibleRecord(m, width, t, (i) => out.push(i));
  return out;
}

/** Whether more than `limit` records have a mark in view, counted no further than needed. */
export function moreVisibleThan(m: OrderModel, width: number, t: XTransform, limit: number): boolean {
  const [s0, s1, a0, a1] = visibleRanges(m, width, t);
  let count = s1 - s0 + 1;
  for (let r = a0; r <= a1 && count <= limit; r++) {
    const i = m.byAccRank[r]!;
    if (i < s0 || i > s1) count++;
  }
  return count > limit;
}

/** Slot spacing in pixels at this zoom: decides whether marks are drawn one by one with labels, or binned on canvas. */
export function slotSpacing(count: number, width: number, t: XTransform): number {
  return count === 0 ? Infinity : (t.k * (width - 2 * PAD)) / count;
}

const SPARSE_LIMIT = 600;

/** Whether marks would overlap at this width and zoom: the view then bins records per pixel on a canvas. */
export function isDense(model: OrderModel, width: number, t: XTransform): boolean {
  return slotSpacing(model.n, width, t) < 2 || moreVisibleThan(model, width, t, SPARSE_LIMIT);
}

export interface DenseBins {
  /** Lines: x on the storage axis, x on the acceptance axis, records joined, lowest acceptance rank, displaced. */
  readonly lines: { x1: number; x2: number; count: number; minRank: number; displaced: boolean }[];
  /** Marks per pixel column and colour category, with the lowest acceptance rank for dimming. */
  readonly top: { x: number; cat: number; minRank: number }[];
  readonly bottom: { x: number; cat: number; minRank: number; duplicate: boolean }[];
  readonly lanes: { lane: number; x: number; cat: number }[];
  /** Pixel columns of the storage axis holding displaced records, with how many. */
  readonly displaced: { x: number; count: number }[];
}

/** Columns a line key packs into a small integer: a little past the view on each side. */
const NEAR = 1 << 14;

/**
 * One key per drawn line. Both ends near the view (the common case) pack into
 * a small integer, which a Map hashes without allocating; an end zoomed far
 * off screen gets a text key, so two different lines never share one.
 */
function lineKey(x1: number, x2: number, displaced: boolean): number | string {
  const a = x1 + 4096;
  const b = x2 + 4096;
  if (a >= 0 && a < NEAR && b >= 0 && b < NEAR) return ((a * NEAR + b) << 1) | (displaced ? 1 : 0);
  return `${x1} ${x2} ${displaced ? 1 : 0}`;
}

type KeptBins = { width: number; k: number; x: number; bins: DenseBins };
const lastBins = new WeakMap<OrderModel, KeptBins>();
const unzoomedBins = new WeakMap<OrderModel, KeptBins>();

/**
 * `denseBins`, kept per model for the last width and zoom and for the view
 * unzoomed: switching to raw file order and back remounts the canvas
 * unzoomed, and binning a million records again cost about 0.1 s of the
 * switch, zoomed before or not.
 */
export function denseBinsOf(m: OrderModel, width: number, t: XTransform): DenseBins {
  const store = t.k === 1 && t.x === 0 ? unzoomedBins : lastBins;
  const kept = store.get(m);
  if (kept && kept.width === width && kept.k === t.k && kept.x === t.x) return kept.bins;
  const bins = denseBins(m, width, t);
  store.set(m, { width, k: t.k, x: t.x, bins });
  return bins;
}

/**
 * Records binned by pixel so that 100,000 lines become a few thousand
 * strokes. Bins do not depend on the cutoff: a bin is dimmed when its lowest
 * rank is after it, so moving the slider only repaints.
 */
export function denseBins(m: OrderModel, width: number, t: XTransform): DenseBins {
  const lines = new Map<number | string, { x1: number; x2: number; count: number; minRank: number; displaced: boolean }>();
  const top = new Map<number, { x: number; cat: number; minRank: number }>();
  const bottom = new Map<number, { x: number; cat: number; minRank: number; duplicate: boolean }>();
  const lanes = new Map<number, { lane: number; x: number; cat: number }>();
  const displacedAt = new Map<number, number>();
  const big = Number.MAX_SAFE_INTEGER;
  forEachVisibleRecord(m, width, t, (i) => {
    const x1 = Math.round(storageX(m, i, width, t));
    const cat = m.category[i]!;
    const rank = m.accRank[i]!;
    const lane = m.lane[i]!;
    if (lane !== LANE.axis) {
      const key = (x1 + 4096) * 64 + lane * 16 + cat;
      if (!lanes.has(key)) lanes.set(key, { lane, x: x1, cat });
      return;
    }
    const tk = (x1 + 4096) * 16 + cat;
    const tb = top.get(tk);
    if (tb) tb.minRank = Math.min(tb.minRank, rank);
    else top.set(tk, { x: x1, cat, minRank: rank });
    const x2 = Math.round(accX(m, rank, width, t));
    const bk = (x2 + 4096) * 32 + cat * 2 + m.duplicate[i]!;
    const bb = bottom.get(bk);
    if (bb) bb.minRank = Math.min(bb.minRank, rank);
    else bottom.set(bk, { x: x2, cat, minRank: rank, duplicate: m.duplicate[i] === 1 });
    if (m.displaced[i] === 1) displacedAt.set(x1, (displacedAt.get(x1) ?? 0) + 1);
    // A displacement shorter than two pixels draws no visible crossing; it shows in the strip of displaced records instead.
    const disp = m.displaced[i] === 1 && Math.abs(x2 - x1) >= 2;
    const lk = lineKey(x1, x2, disp);
    const lb = lines.get(lk);
    if (lb) {
      lb.count++;
      lb.minRank = Math.min(lb.minRank, rank);
    } else lines.set(lk, { x1, x2, count: 1, minRank: rank < 0 ? big : rank, displaced: disp });
  });
  return {
    lines: [...lines.values()],
    top: [...top.values()],
    bottom: [...bottom.values()],
    lanes: [...lanes.values()],
    displaced: [...displacedAt].map(([x, count]) => ({ x, count })),
  };
}

/** The record under the pointer: nearest mark within a few pixels on the row the pointer is on. */
export function hitTest(m: OrderModel, rows: OrderRows, width: number, t: XTransform, px: number, py: number): number | null {
  const near = (x: number) => Math.abs(x - px) <= Math.max(6, slotSpacing(m.n, width, t) / 2);
  const slot = (count: number) => Math.round(unproject(px, width, t) * count - 0.5);
  if (Math.abs(py - rows.top) <= 12) {
    const i = slot(m.n);
    return i >= 0 && i < m.n && near(storageX(m, i, width, t)) ? i : null;
  }
  if (Math.abs(py - rows.bottom) <= 12) {
    const i = slot(m.n);
    const r = lowerBound(m.accSlot, i);
    const best = [r - 1, r].filter((k) => k >= 0 && k < m.accCount).sort((a, b) => Math.abs(accX(m, a, width, t) - px) - Math.abs(accX(m, b, width, t) - px))[0];
    return best !== undefined && near(accX(m, best, width, t)) ? m.byAccRank[best]! : null;
  }
  const lane = rows.lanes.find((l) => Math.abs(py - l.y) <= 12);
  if (!lane) return null;
  const members = m.laneMembers[lane.lane]!;
  let best: number | null = null;
  let bestD = Infinity;
  const target = slot(m.n);
  let lo = 0;
  let hi = members.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (members[mid]! < target) lo = mid + 1;
    else hi = mid - 1;
  }
  for (const k of [lo - 1, lo]) {
    const i = members[k];
    if (i === undefined) continue;
    const d = Math.abs(storageX(m, i, width, t) - px);
    if (d < bestD) {
      bestD = d;
      best = i;
    }
  }
  return best !== null && near(storageX(m, best, width, t)) ? best : null;
}

/** A transform that brings session index `i` into view at the current zoom, or null when it already is. */
export function revealTransform(m: OrderModel, i: number, width: number, t: XTransform): XTransform | null {
  const xs = [storageX(m, i, width, t)];
  if (m.accRank[i]! >= 0) xs.push(accX(m, m.accRank[i]!, width, t));
  if (xs.every((x) => x >= PAD && x <= width - PAD)) return null;
  const frac = (i + 0.5) / m.n;
  const x = width / 2 - t.k * (PAD + frac * (width - 2 * PAD));
  return { k: t.k, x: Math.min(0, Math.max(width - width * t.k, x)) };
}
