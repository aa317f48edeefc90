import { describe, expect, it } from 'vitest';
import { acceptLabel } from './acceptLabel';

describe('the label of a mark on the acceptance axis', () => {
  it('says a shared number is shared where the word fits between its neighbours, and gives the number alone where it would run into the next', () => {
    expect(acceptLabel(10, true, 12)).toBe('10 shared');
    expect(acceptLabel(10, true, 9)).toBe('10');
    expect(acceptLabel(1000, true, 11)).toBe('1000');
    expect(acceptLabel(10, false, 30)).toBe('10');
  });
});
