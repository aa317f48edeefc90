import { describe, expect, it } from 'vitest';
import { columnMinRanks, dimRuns } from './dimRuns';

describe('dim runs', () => {
  it('joins neighbouring columns after the cutoff and skips empty ones', () => {
    const bins = {
      lines: [],
      lanes: [],
      displaced: [],
      top: [
        { x: 0, cat: 0, minRank: 0 },
        { x: 1, cat: 0, minRank: 5 },
        { x: 1, cat: 1, minRank: 7 },
        { x: 2, cat: 0, minRank: 6 },
        { x: 4, cat: 0, minRank: 9 },
      ],
      bottom: [{ x: 3, cat: 0, minRank: 2, duplicate: false }],
    };
    const { top, bottom } = columnMinRanks(bins, 5);
    expect(Array.from(top.slice(0, 5))).toEqual([0, 5, 6, 2147483647, 9]);
    expect(dimRuns(top, 5)).toEqual([
      [1, 2],
      [4, 4],
    ]);
    expect(dimRuns(top, 0)).toEqual([
      [0, 2],
      [4, 4],
    ]);
    expect(dimRuns(bottom, 3)).toEqual([]);
  });
});
