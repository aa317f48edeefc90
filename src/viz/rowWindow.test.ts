import { describe, expect, it } from 'vitest';
import { RowOffsets } from './rowOffsets';
import { alignToShow, offsetToShow, rangeAt, spacedRows, windowRows } from './rowWindow';

const indexes = (rows: readonly { index: number }[]) => rows.map((r) => r.index);

describe('the rows of a window', () => {
  it('renders the rows in view and the overscan around them, each where the rows before it end', () => {
    const offsets = new RowOffsets(100, 10);
    offsets.set(41, 25);
    const range = rangeAt(offsets, 400, 50, 2)!;
    expect(range).toEqual({ first: 40, from: 38, to: 45 });
    const rows = windowRows(offsets, range, [], -1);
    expect(indexes(rows)).toEqual([38, 39, 40, 41, 42, 43, 44, 45]);
    expect(rows[3]).toEqual({ index: 41, start: 410, end: 435 });
    expect(rows[4]!.start).toBe(435);
  });

  it('has no row without a view or without rows, and shows the last rows when scrolled past the end', () => {
    expect(rangeAt(new RowOffsets(10, 10), 0, 0, 2)).toBeNull();
    expect(rangeAt(new RowOffsets(0, 10), 0, 100, 2)).toBeNull();
    expect(rangeAt(new RowOffsets(10, 10), 5000, 30, 1)).toEqual({ first: 7, from: 6, to: 9 });
  });

  it('keeps the last pinned row above the view rendered, once, and the row kept wherever it is', () => {
    const offsets = new RowOffsets(1000, 10);
    const pinned = [0, 300, 600];
    const range = rangeAt(offsets, 5000, 50, 3)!;
    expect(indexes(windowRows(offsets, range, pinned, -1))).toEqual([300, ...Array.from({ length: 12 }, (_, k) => 497 + k)]);
    // The pinned row among the rows rendered is not added again.
    expect(indexes(windowRows(offsets, rangeAt(offsets, 3010, 20, 3)!, pinned, -1))).toEqual([298, 299, 300, 301, 302, 303, 304, 305, 306]);
    expect(indexes(windowRows(offsets, rangeAt(offsets, 0, 20, 0)!, pinned, 900))).toEqual([0, 1, 2, 900]);
    expect(indexes(windowRows(offsets, range, pinned, 10)).slice(0, 3)).toEqual([10, 300, 497]);
    expect(windowRows(offsets, range, pinned, 10)[0]).toEqual({ index: 10, start: 100, end: 110, apart: 'kept' });
  });

  it('stops a view of rows of no height at a bound instead of taking in the whole list', () => {
    const offsets = new RowOffsets(5000, 10);
    for (let i = 0; i < 5000; i++) offsets.set(i, 0);
    const range = rangeAt(offsets, 0, 500, 0)!;
    expect(range.to - range.from).toBeLessThanOrEqual(1000);
  });
});

describe('scrolling a row into view', () => {
  const offsets = new RowOffsets(100, 20);

  it('scrolls as little as shows the row: to its end below the view, to its start (below the padding) above it', () => {
    // The view shows 400–600.
    expect(alignToShow(offsets, 25, 400, 200, 26)).toBeNull();
    expect(alignToShow(offsets, 40, 400, 200, 26)).toBe('end');
    expect(offsetToShow(offsets, 40, 'end', 200, 26)).toBe(620);
    expect(alignToShow(offsets, 21, 400, 200, 26)).toBe('start');
    expect(offsetToShow(offsets, 21, 'start', 200, 26)).toBe(394);
    expect(alignToShow(offsets, 3, 400, 200, 26)).toBe('start');
  });

  it('shows the start of a row taller than the view that reaches past its bottom, the end of one that begins above it, and leaves one covering the view', () => {
    const tall = new RowOffsets(100, 20);
    tall.set(30, 500);
    // The view shows 400–600 (426 below the padding); row 30 spans 600–1100, row 29 580–600.
    expect(alignToShow(tall, 30, 400, 200, 26)).toBe('start');
    expect(offsetToShow(tall, 30, 'start', 200, 26)).toBe(574);
    expect(alignToShow(tall, 30, 700, 200, 26)).toBeNull();
    expect(alignToShow(tall, 30, 1000, 200, 26)).toBe('end');
    expect(offsetToShow(tall, 30, 'end', 200, 26)).toBe(900);
    expect(alignToShow(tall, 29, 400, 200, 26)).toBeNull();
  });

  it('stays within the offsets the list can scroll to', () => {
    expect(offsetToShow(offsets, 99, 'end', 200, 0)).toBe(1800);
    expect(offsetToShow(offsets, 0, 'start', 200, 26)).toBe(0);
    expect(offsetToShow(offsets, 98, 'start', 200, 0)).toBe(1800);
  });
});

describe('rows kept', () => {
  it('renders several rows kept, above and below the view, once each and in order', () => {
    const offsets = new RowOffsets(1000, 10);
    const range = rangeAt(offsets, 5000, 50, 0)!;
    const rows = windowRows(offsets, range, [0, 300], [900, 20, 800, 20, 502, -1, 1000]);
    expect(indexes(rows)).toEqual([20, 300, 500, 501, 502, 503, 504, 505, 800, 900]);
    expect(rows[8]).toEqual({ index: 800, start: 8000, end: 8010, apart: 'kept' })
    expect(rows[1]!.apart).toBe('pinned');
    expect(rows[4]!.apart).toBeUndefined();
  });
});

describe('the spacers between the rows drawn', () => {
  it('stands one before each run of rows drawn and one below the last, each keyed by what it stands before', () => {
    const offsets = new RowOffsets(1000, 10);
    const range = rangeAt(offsets, 5000, 30, 0)!;
    const { rows, below } = spacedRows(windowRows(offsets, range, [0, 300], [20, 900]), offsets.total());
    expect(rows.map((r) => [r.index, r.gap, r.gapKey])).toEqual([
      [20, 200, 'top'],
      [300, 2790, 'pinned'],
      [500, 1990, 'view'],
      [501, 0, 'view'],
      [502, 0, 'view'],
      [503, 0, 'view'],
      [900, 3960, 'kept-900'],
    ]);
    expect(below).toBe(990);
    // The rows drawn and the spacers make the list's height.
    const drawn = rows.length * 10;
    expect(rows.reduce((sum, r) => sum + r.gap, 0) + drawn + below).toBe(offsets.total());
  });

  it('keys the spacer before the rows in view alike wherever the list is scrolled, and draws no room where there is none', () => {
    const offsets = new RowOffsets(1000, 10);
    const at = (offset: number) => spacedRows(windowRows(offsets, rangeAt(offsets, offset, 30, 0)!, [], 5), offsets.total()).rows;
    expect(at(3000).map((r) => r.gapKey).slice(0, 2)).toEqual(['top', 'view']);
    expect(at(6000)[1]!.gapKey).toBe('view');
    const top = spacedRows(windowRows(offsets, rangeAt(offsets, 0, 30, 0)!, [], 5), offsets.total());
    expect(top.rows.map((r) => [r.index, r.gap])).toEqual([[0, 0], [1, 0], [2, 0], [3, 0], [5, 10]]);
    expect(spacedRows([], 0)).toEqual({ rows: [], below: 0 });
  });
});
