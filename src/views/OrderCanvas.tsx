import { useLayoutEffect, useMemo, useRef } from 'react';
import { dimRuns } from '../viz/dimRuns';
import { denseBinsOf, storageX, type OrderRows, type XTransform } from '../viz/orderScene';
import { layersOf } from './orderCanvasLayers';
import { useColorScheme } from './useColorScheme';
import type { OrderData } from './useOrderData';

/**
 * The order view when marks would overlap: records binned per pixel, lines
 * with opacity by count. Bins and ticks are redrawn on zoom only; a cutoff
 * step restrokes a few batched line paths and dims whole column runs.
 */
export function OrderCanvas({ data, rows, width, t }: { data: OrderData; rows: OrderRows; width: number; t: XTransform }) {
  const ref = useRef<HTMLCanvasElement>(null);
  const scheme = useColorScheme();
  const { model, cutRank, leaks } = data;
  const height = rows.height;
  const bins = useMemo(() => denseBinsOf(model, width, t), [model, width, t]);
  const dpr = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
  // The scheme is a key because the palette is read from CSS when the layer is built.
  const layers = layersOf(bins, rows, width, height, dpr, scheme);

  useLayoutEffect(() => {
    const canvas = ref.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    if (canvas.width !== Math.round(width * dpr) || canvas.height !== Math.round(height * dpr)) {
      canvas.width = Math.round(width * dpr);
      canvas.height = Math.round(height * dpr);
    }
    const { p, layer, columns } = layers;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, width, height);
    ctx.lineWidth = 1;
    // One path per colour and opacity level: a few strokes instead of one per bin.
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
        ctx.globalAlpha = Math.min(0.9, (pass ? 0.4 : 0.14) + 0.1 * (k % LEVELS)) * (k >= LEVELS ? 0.25 : 1);
        ctx.stroke(path);
      });
    }
    ctx.globalAlpha = 1;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.drawImage(layer, 0, 0);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.fillStyle = p.panel;
    ctx.globalAlpha = 0.75;
    for (const [a, b] of dimRuns(columns.top, cutRank)) ctx.fillRect(a - 1, rows.top - 5, b - a + 2, 10);
    for (const [a, b] of dimRuns(columns.bottom, cutRank)) ctx.fillRect(a - 1, rows.bottom - 8, b - a + 2, 16);
    ctx.globalAlpha = 1;
    ctx.fillStyle = p.leak;
    for (const i of leaks) {
      if (i < 0) continue;
      const x = Math.round(storageX(model, i, width, t));
      if (x >= 0 && x <= width) ctx.fillRect(x - 1, rows.top - 25, 2, 6);
    }
  }, [layers, bins, cutRank, leaks, model, rows, width, height, t, dpr]);

  return <canvas ref={ref} className="order-canvas" style={{ width, height }} aria-hidden="true" />;
}
