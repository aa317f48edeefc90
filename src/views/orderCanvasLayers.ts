import { CATEGORIES, categoryVar } from '../viz/categories';
import { columnMinRanks } from '../viz/dimRuns';
import type { DenseBins, OrderRows } from '../viz/orderScene';

interface Palette {
  cats: string[];
  line: string;
  inversion: string;
  leak: string;
  warning: string;
  panel: string;
}

function palette(): Palette {
  const css = getComputedStyle(document.documentElement);
  const v = (name: string) => css.getPropertyValue(name).trim() || '#888';
  return {
    cats: CATEGORIES.map((_, i) => v(categoryVar(i))),
    line: v('--line'),
    inversion: v('--inversion'),
    leak: v('--leak'),
    warning: v('--warning'),
    panel: v('--panel'),
  };
}

/** Every tick that does not depend on the cutoff, drawn once per zoom into an offscreen canvas. */
function tickLayer(bins: DenseBins, rows: OrderRows, width: number, height: number, dpr: number, p: Palette): HTMLCanvasElement {
  const layer = document.createElement('canvas');
  layer.width = Math.round(width * dpr);
  layer.height = Math.round(height * dpr);
  const ctx = layer.getContext('2d')!;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  const paths = new Map<string, Path2D>();
  const tick = (x: number, y: number, color: string, h = 10) => {
    let path = paths.get(color);
    if (!path) paths.set(color, (path = new Path2D()));
    path.rect(x - 1, y - h / 2, 2, h);
  };
  const laneY = new Map(rows.lanes.map((l) => [l.lane, l.y]));
  for (const b of bins.top) tick(b.x, rows.top, p.cats[b.cat]!);
  for (const b of bins.bottom) tick(b.x, rows.bottom, b.duplicate ? p.warning : p.cats[b.cat]!, b.duplicate ? 16 : 10);
  for (const b of bins.lanes) tick(b.x, laneY.get(b.lane) ?? 0, p.cats[b.cat]!);
  for (const [color, path] of paths) {
    ctx.fillStyle = color;
    ctx.fill(path);
  }
  ctx.fillStyle = p.inversion;
  for (const d of bins.displaced) {
    ctx.globalAlpha = d.count < 2 ? 0.35 : 1;
    ctx.fillRect(d.x - 1, rows.top - 16, 2, 8);
  }
  return layer;
}

export interface Layers {
  readonly p: Palette;
  readonly layer: HTMLCanvasElement;
  readonly columns: ReturnType<typeof columnMinRanks>;
}

interface LayersFor {
  readonly bins: DenseBins;
  readonly rows: OrderRows;
  readonly width: number;
  readonly height: number;
  readonly dpr: number;
  readonly scheme: string;
  readonly layers: Layers;
}

/**
 * The layers last drawn, kept outside React: the first width of a long session is drawn in a
 * render of low priority, which each cutoff step interrupted before it committed, so a memo
 * inside the component was lost and its 30-40 ms redone at every step made right after a load
 * of a million records (the canvas not shown until the steps stopped). Only the last few are
 * kept: one per set of bins held a full-size canvas for every session and zoom ever shown
 * (about 7 MB each at 1200 px and two device pixels a pixel) until the analysis was replaced.
 */
const kept: LayersFor[] = [];

/** Enough for the canvases on the page at once (a comparison shows two) and the one being drawn. */
export const LAYERS_KEPT = 3;

export function layersOf(bins: DenseBins, rows: OrderRows, width: number, height: number, dpr: number, scheme: string): Layers {
  const at = kept.findIndex((k) => k.bins === bins && k.rows === rows && k.width === width && k.height === height && k.dpr === dpr && k.scheme === scheme);
  if (at >= 0) {
    const [hit] = kept.splice(at, 1);
    kept.unshift(hit!);
    return hit!.layers;
  }
  const p = palette();
  const layers = { p, layer: tickLayer(bins, rows, width, height, dpr, p), columns: columnMinRanks(bins, width) };
  kept.unshift({ bins, rows, width, height, dpr, scheme, layers });
  kept.length = Math.min(kept.length, LAYERS_KEPT);
  return layers;
}
