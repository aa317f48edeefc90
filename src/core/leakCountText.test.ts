import { describe, expect, it } from 'vitest';
import { leakCountText } from './leakCountText';

describe('leakCountText', () => {
  it('says none, one and many, the many grouped as a count', () => {
    expect([0, 1, 2, 3000].map(leakCountText)).toEqual(['no future leaks', '1 future leak', '2 future leaks', '3,000 future leaks']);
  });
});
