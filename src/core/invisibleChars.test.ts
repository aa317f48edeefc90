import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeInvisibles, hasInvisibles, invisibleCharName, revealInvisibles } from './invisibleChars';

describe('describeInvisibles', () => {
  it('finds nothing in ordinary text, emoji and other scripts included', () => {
    for (const text of ['', 'resp_1', 'naïve café', '日本語のテキスト', 'مرحبا', 'a 😀 b', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢']) {
      expect(describeInvisibles(text)).toEqual([]);
      expect(hasInvisibles(text)).toBe(false);
      expect(revealInvisibles(text)).toBe(text);
    }
  });

  it('names each zero-width, bidi, space and control character with its position', () => {
    const text = 'a\u200bb\u202ec\u00a0d\u0000e\u2066f\ufeff';
    expect(describeInvisibles(text).map((c) => [c.index, c.code, c.name, c.kind])).toEqual([
      [1, 'U+200B', 'ZERO WIDTH SPACE', 'zero-width'],
      [3, 'U+202E', 'RIGHT-TO-LEFT OVERRIDE', 'bidi'],
      [5, 'U+00A0', 'NO-BREAK SPACE', 'space'],
      [7, 'U+0000', 'NULL', 'control'],
      [9, 'U+2066', 'LEFT-TO-RIGHT ISOLATE', 'bidi'],
      [11, 'U+FEFF', 'ZERO WIDTH NO-BREAK SPACE', 'zero-width'],
    ]);
    expect(hasInvisibles(text)).toBe(true);
  });

  it('reads astral characters as one: tag characters that hide text, and unpaired surrogates', () => {
    const hidden = 'ok\u{E0001}\u{E0069}\u{E0067}x\ud800y';
    const found = describeInvisibles(hidden);
    expect(found.map((c) => [c.index, c.length, c.code, c.name, c.kind])).toEqual([
      [2, 2, 'U+E0001', 'LANGUAGE TAG', 'tag'],
      [4, 2, 'U+E0069', 'TAG LATIN SMALL LETTER I', 'tag'],
      [6, 2, 'U+E0067', 'TAG LATIN SMALL LETTER G', 'tag'],
      [9, 1, 'U+D800', 'UNPAIRED SURROGATE', 'surrogate'],
    ]);
    expect(revealInvisibles(hidden)).toBe('ok⟨U+E0001⟩⟨U+E0069⟩⟨U+E0067⟩x⟨U+D800⟩y');
  });

  it('marks variation selectors, C1 controls and DEL', () => {
    expect(invisibleCharName(0xfe0f)).toEqual(['VARIATION SELECTOR-16', 'variation-selector']);
    expect(invisibleCharName(0xe0100)).toEqual(['VARIATION SELECTOR-17', 'variation-selector']);
    expect(invisibleCharName(0x9b)).toEqual(['C1 CONTROL U+009B', 'control']);
    expect(invisibleCharName(0x7f)).toEqual(['DELETE', 'control']);
    expect(invisibleCharName(0x41)).toBeNull();
  });

  it('makes two look-alike ids visibly different', () => {
    expect(revealInvisibles('resp_1\u200b')).not.toBe(revealInvisibles('resp_1'));
    expect(revealInvisibles('admin\u202e')).toBe('admin⟨U+202E⟩');
  });

  it('accounts for every invisible character of any string, and reveal leaves none behind', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const found = describeInvisibles(text);
        let prev = -1;
        for (const c of found) {
          expect(c.index).toBeGreaterThan(prev);
          prev = c.index;
          expect(text.codePointAt(c.index) === c.codePoint || c.kind === 'surrogate').toBe(true);
        }
        expect(describeInvisibles(revealInvisibles(text))).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });
});
