import { describe, expect, it } from 'vitest';
import { placesNoun } from './place';

describe('the noun for the places of several inputs', () => {
  it('is item only when every input is itemized', () => {
    expect(placesNoun([{ itemized: true }, { itemized: true }])).toBe('item');
    expect(placesNoun([{ itemized: true }, {}])).toBe('line');
    expect(placesNoun([{}])).toBe('line');
  });

  it('is line for no inputs, where nothing says they are items', () => {
    expect(placesNoun([])).toBe('line');
  });
});
