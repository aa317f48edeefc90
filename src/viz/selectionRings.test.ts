import { describe, expect, it } from 'vitest';
import { DENSE_RINGS_SHOWN, ringsToDraw, type RingPlace } from './selectionRings';

const everywhere = () => true;
/** Records 0..n-1 packed ten to a pixel column on both axes, the way a binned view places them. */
const packed = (i: number): RingPlace => ({ sx: i / 10, sy: 0, ax: i / 10 });
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('ringsToDraw', () => {
  it('gives every selected record in view its ring when marks are drawn one by one', () => {
    expect(ringsToDraw([1, 2, 3, 9], null, packed, (i) => i !== 9, false)).toEqual([1, 2, 3]);
  });

  it('draws one ring per pixel column pair when marks are binned', () => {
    const rings = ringsToDraw(range(200), null, packed, everywhere, true);
    expect(rings).toHaveLength(20);
    expect(new Set(rings.map((i) => Math.floor(i / 10))).size).toBe(20);
  });

  it('keeps records apart whose acceptance marks differ though they are stored in one column', () => {
    const place = (i: number): RingPlace => ({ sx: 5, sy: 0, ax: i * 3 });
    expect(ringsToDraw([0, 1, 2], null, place, everywhere, true)).toEqual([0, 1, 2]);
  });

  it('stops at DENSE_RINGS_SHOWN rings however many records are selected', () => {
    const spread = (i: number): RingPlace => ({ sx: i, sy: 0, ax: null });
    expect(ringsToDraw(range(50_000), null, spread, everywhere, true)).toHaveLength(DENSE_RINGS_SHOWN);
  });

  it('keeps the focus ring even when its column is shared or the cap is reached', () => {
    const spread = (i: number): RingPlace => ({ sx: i, sy: 0, ax: null });
    const rings = ringsToDraw(range(50_000), 45_000, spread, everywhere, true);
    expect(rings[0]).toBe(45_000);
    expect(rings).toHaveLength(DENSE_RINGS_SHOWN);
    expect(ringsToDraw(range(30), 25, packed, everywhere, true)).toEqual([25, 0, 10]);
  });

  it('leaves out records outside the view', () => {
    const spread = (i: number): RingPlace => ({ sx: i, sy: 0, ax: null });
    expect(ringsToDraw(range(10), 8, spread, (i) => i < 5, true)).toEqual([0, 1, 2, 3, 4]);
  });
});
