import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MOUNT_ALL_UP_TO, mountedRows, mountedRuns, RAW_ROW_PX, topRowRevealing } from './rawRowWindow';

describe('raw table rows mounted', () => {
  it('mounts every row of a short table', () => {
    expect(mountedRows(MOUNT_ALL_UP_TO, 30)).toEqual({ from: 0, to: MOUNT_ALL_UP_TO });
  });

  it('mounts the rows in view and a margin each side, never past either end', () => {
    const mid = mountedRows(400, 200);
    expect(mid.from).toBeLessThan(200);
    expect(mid.to).toBeGreaterThan(200 + 17);
    expect(mid.to - mid.from).toBeLessThan(MOUNT_ALL_UP_TO);
    expect(mountedRows(400, 0).from).toBe(0);
    const end = mountedRows(400, 399);
    expect(end.to).toBe(400);
    expect(end.to - end.from).toBe(mid.to - mid.from);
  });

  it('keeps the row holding focus mounted wherever the view is scrolled, beside the rows in view', () => {
    const view = mountedRows(400, 200);
    expect(mountedRuns(400, 200, -1)).toEqual([view]);
    expect(mountedRuns(400, 200, 210)).toEqual([view]);
    expect(mountedRuns(400, 200, 3)).toEqual([{ from: 3, to: 4 }, view]);
    expect(mountedRuns(400, 200, 390)).toEqual([view, { from: 390, to: 391 }]);
    expect(mountedRuns(400, 200, view.from - 1)).toEqual([{ from: view.from - 1, to: view.to }]);
    expect(mountedRuns(400, 200, view.to)).toEqual([{ from: view.from, to: view.to + 1 }]);
    // A row past the table's end (the window paged since it had focus) keeps nothing.
    expect(mountedRuns(400, 200, 400)).toEqual([view]);
  });

  it('leaves the view where it is when the row revealed is in it, and otherwise puts the row a few rows from the top', () => {
    expect(topRowRevealing(105, 100)).toBe(100);
    expect(topRowRevealing(-1, 100)).toBe(100);
    expect(topRowRevealing(300, 100)).toBe(296);
    expect(topRowRevealing(2, 100)).toBe(0);
  });
});

describe('raw table row height', () => {
  it('is the height the stylesheet gives every body row, which the rows mounted and the spacers are counted in', () => {
    const css = readFileSync(new URL('../styles/evidence.css', import.meta.url), 'utf8');
    const rule = /\.raw-table tbody td \{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(rule).toMatch(new RegExp(`(^|;)\\s*height: ${RAW_ROW_PX}px;`));
  });
});
