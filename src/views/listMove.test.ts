import { describe, expect, it } from 'vitest';
import { moveActive } from './listMove';

describe('moving the active row', () => {
  it('steps with the arrows and stops at either end', () => {
    expect(moveActive('ArrowDown', -1, 5, 3)).toBe(0);
    expect(moveActive('ArrowDown', 2, 5, 3)).toBe(3);
    expect(moveActive('ArrowDown', 4, 5, 3)).toBe(4);
    expect(moveActive('ArrowUp', -1, 5, 3)).toBe(4);
    expect(moveActive('ArrowUp', 0, 5, 3)).toBe(0);
  });

  it('jumps to the ends with Home and End and by a page with PageUp and PageDown', () => {
    expect(moveActive('Home', 3, 5, 3)).toBe(0);
    expect(moveActive('End', 0, 5, 3)).toBe(4);
    expect(moveActive('PageDown', 0, 50, 9)).toBe(9);
    expect(moveActive('PageDown', 45, 50, 9)).toBe(49);
    expect(moveActive('PageUp', 20, 50, 9)).toBe(11);
    expect(moveActive('PageUp', 4, 50, 9)).toBe(0);
  });

  it('does not move in an empty list or for other keys', () => {
    expect(moveActive('ArrowDown', -1, 0, 3)).toBeNull();
    expect(moveActive('a', 1, 5, 3)).toBeNull();
    expect(moveActive('ArrowLeft', 1, 5, 3)).toBeNull();
  });
});
