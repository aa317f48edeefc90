import { describe, expect, it } from 'vitest';
import { isKnownField } from './knownFields';

describe('fields the native format gives a meaning', () => {
  it('are known by kind, and a kind named after a property of Object.prototype knows only the common ones', () => {
    expect(isKnownField('input', 'op')).toBe(true);
    expect(isKnownField('read', 'op')).toBe(false);
    for (const kind of ['toString', 'constructor', '__proto__', 'hasOwnProperty']) {
      expect(isKnownField(kind, 'op')).toBe(false);
      expect(isKnownField(kind, 'id')).toBe(true);
    }
  });
});
