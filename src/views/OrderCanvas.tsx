import { useLayoutEffect, useMemo, useRef } from 'react';
import { CATEGORIES, categoryVar } from '../viz/categories';
import { denseBins, storageX, type OrderRows, type XTransform } from '../viz/orderScene';
import type { OrderData } from './useOrderData';

function palette(): { cats: string[]; line: string; inversion: string; leak: string; warning: string } {
  const css = getComputedStyle(document.documentElement);
  const v = (name: string) => css.getPropertyValue(name).trim() || '#888';
  return { cats: CATEGORIES.map((_, i) => v(categoryVar(i))), line: v('--line'), inversion: v('--inversion'), leak: v('--leak'), warning: v('--warning') };
}

/**
 * The order view when marks would overlap: records binned per pixel and
 * drawn with opacity by count. Bins are recomputed on zoom; the cutoff only
 * changes which bins are dimmed, so a slider step is a repaint.
 */
export function OrderCanvas({ data, rows, width, t }: { data: OrderData; rows: OrderRows; width: number; t: XTransform }) {
  const ref = useRef<HTMLCanvasElement>(null);
  const { model, cutRank, leaks } = data;
  const bins = useMemo(() => denseBins(model, width, t), [model, width, t]);
  const height = rows.height;

  useLayoutEffect(() => {
    const canvas = ref.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const dpr = window.devicePixelRatio || 1;
    if (canvas.width !== Math.round(width * dpr) || canvas.height !== Math.round(height * dpr)) {
      canvas.width = Math.round(width * dpr);
      canvas.height = Math.round(height * dpr);
    }
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, width, height);
    const p = palette();
    const laneY = new Map(rows.lanes.map((l) => [l.lane, l.y]));
    ctx.lineWidth = 1;
    // One path per colour and opacity level: a few strokes instead of one per bin keeps a slider step within a frame.
    const LEVELS = 8;
    for (const pass of [false, true]) {
      const paths = Array.from({ length: LEVELS * 2 }, () => new Path2D());
      for (const b of bins.lines) {
        if (b.displaced !== pass) continue;
        const level = Math.min(LEVELS - 1, Math.floor(Math.log2(b.count)));
        const path = paths[(b.minRank >= cutRank ? LEVELS : 0) + level]!;
        path.moveTo(b.x1 + 0.5, rows.top);
        path.lineTo(b.x2 + 0.5, rows.bottom);
      }
      ctx.strokeStyle = pass ? p.inversion : p.line;
      paths.forEach((path, k) => {
        const level = k % LEVELS;
        ctx.globalAlpha = Math.min(0.9, (pass ? 0.4 : 0.14) + 0.1 * level) * (k >= LEVELS ? 0.25 : 1);
        ctx.stroke(path);
      });
    }
    // Ticks are batched the same way, one path per colour and dimming.
    const ticks = new Map<string, Path2D>();
    const tick = (x: number, y: number, color: string, dim: boolean, h = 10) => {
      const key = `${color}|${dim ? 1 : 0}`;
      let path = ticks.get(key);
      if (!path) ticks.set(key, (path = new Path2D()));
      path.rect(x - 1, y - h / 2, 2, h);
    };
    for (const b of bins.top) tick(b.x, rows.top, p.cats[b.cat]!, b.minRank >= cutRank);
    for (const b of bins.bottom) tick(b.x, rows.bottom, b.duplicate ? p.warning : p.cats[b.cat]!, b.minRank >= cutRank, b.duplicate ? 16 : 10);
    for (const b of bins.lanes) tick(b.x, laneY.get(b.lane) ?? 0, p.cats[b.cat]!, false);
    for (const i of leaks) {
      if (i < 0) continue;
      const x = Math.round(storageX(model, i, width, t));
      if (x >= 0 && x <= width) tick(x, rows.top - 22, p.leak, false, 6);
    }
    for (const d of bins.displaced) tick(d.x, rows.top - 12, p.inversion, d.count < 2, 8);
    for (const [key, path] of ticks) {
      const [color, dim] = key.split('|');
      ctx.fillStyle = color!;
      ctx.globalAlpha = dim === '1' ? 0.25 : 1;
      ctx.fill(path);
    }
    ctx.globalAlpha = 1;
  }, [bins, cutRank, leaks, model, rows, width, height, t]);

  return <canvas ref={ref} className="order-canvas" style={{ width, height }} aria-hidden="true" />;
}
