// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DenseBins, OrderRows } from '../viz/orderScene';
import { LAYERS_KEPT, layersOf } from './orderCanvasLayers';

const context = { setTransform: vi.fn(), fill: vi.fn(), fillRect: vi.fn(), fillStyle: '', globalAlpha: 1 };
const getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => context as unknown as CanvasRenderingContext2D);
vi.stubGlobal(
  'Path2D',
  class {
    rect() {}
  },
);

afterEach(() => getContext.mockClear());

const bins = (): DenseBins => ({ lines: [], top: [{ x: 3, cat: 0, minRank: 0 }], bottom: [{ x: 4, cat: 1, minRank: 1, duplicate: false }], lanes: [], displaced: [{ x: 4, count: 1 }] });
const rows: OrderRows = { top: 56, bottom: 170, lanes: [], height: 200 };

describe('the order canvas’s layer of ticks', () => {
  it('is drawn once for the same bins at the same size, whichever render asks: one thrown away before it committed leaves it for the next', () => {
    const b = bins();
    const first = layersOf(b, rows, 800, 200, 1, 'light');
    expect(layersOf(b, rows, 800, 200, 1, 'light')).toBe(first);
    expect(getContext).toHaveBeenCalledTimes(1);
  });

  it('is drawn again for another size, pixel ratio, colour scheme, rows or bins', () => {
    const b = bins();
    const first = layersOf(b, rows, 800, 200, 1, 'light');
    const others = [
      layersOf(b, rows, 801, 200, 1, 'light'),
      layersOf(b, rows, 801, 201, 1, 'light'),
      layersOf(b, rows, 801, 201, 2, 'light'),
      layersOf(b, rows, 801, 201, 2, 'dark'),
      layersOf(b, { ...rows }, 801, 201, 2, 'dark'),
      layersOf(bins(), rows, 800, 200, 1, 'light'),
    ];
    expect(new Set([first, ...others]).size).toBe(7);
    expect(first.layer.width).toBe(800);
    expect(others[2]!.layer.width).toBe(1602);
  });

  it('keeps only the last few: two canvases drawn in turn are each drawn once, and a layer of bins no longer shown is let go', () => {
    const [a, b] = [bins(), bins()];
    const layerA = layersOf(a, rows, 800, 200, 1, 'light');
    const layerB = layersOf(b, rows, 800, 200, 1, 'light');
    expect(layersOf(a, rows, 800, 200, 1, 'light')).toBe(layerA);
    expect(layersOf(b, rows, 800, 200, 1, 'light')).toBe(layerB);
    expect(getContext).toHaveBeenCalledTimes(2);
    for (let i = 0; i < LAYERS_KEPT; i++) layersOf(bins(), rows, 800, 200, 1, 'light');
    getContext.mockClear();
    expect(layersOf(a, rows, 800, 200, 1, 'light')).not.toBe(layerA);
    expect(getContext).toHaveBeenCalledTimes(1);
  });
});
