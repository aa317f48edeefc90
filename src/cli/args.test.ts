import { describe, expect, it } from 'vitest';
import { USAGE } from './args';

describe('USAGE', () => {
  it('prints a usage that fits an 80-column terminal', () => {
    expect(USAGE.split('\n').filter((line) => line.length > 80)).toEqual([]);
  });
});
