import { describe, expect, it } from 'vitest';
import { inlineNumber } from './inlineNumber';
import { isSmi } from './test/isSmi';

describe('inlineNumber', () => {
  it('gives back the same number, a small integer where the number is whole and fits', () => {
    const column = Float64Array.of(0, 1, 7, -1, 2 ** 29, 1.5, 2 ** 31 + 5, -0);
    expect(isSmi(column[2])).toBe(false);
    const back = [...column].map((x) => [inlineNumber(x), isSmi(inlineNumber(x))]);
    expect(back).toEqual([[0, true], [1, true], [7, true], [-1, true], [2 ** 29, true], [1.5, false], [2 ** 31 + 5, false], [0, true]]);
  });
});
