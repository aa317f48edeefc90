import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkEnds, chunkPieces as pieces } from './textChunks';

const isHigh = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
const isLow = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

/** Every character once, in order; no piece empty or over `size`; no pair of surrogates cut in two. */
function expectWholePieces(text: string, size: number): string[] {
  const cut = pieces(text, size);
  expect(cut.join('')).toBe(text);
  for (const [k, piece] of cut.entries()) {
    expect(piece.length).toBeGreaterThan(0);
    expect(piece.length).toBeLessThanOrEqual(size);
    if (k > 0) expect(isHigh(cut[k - 1]!.charCodeAt(cut[k - 1]!.length - 1)) && isLow(piece.charCodeAt(0))).toBe(false);
  }
  return cut;
}

describe('chunkEnds', () => {
  it('cuts nothing from an empty or short text', () => {
    expect(chunkEnds('', 8)).toEqual([]);
    expect(chunkEnds('abcdefgh', 8)).toEqual([8]);
  });

  it('shows every character exactly once and in order, however the text is made', () => {
    const made = (n: number) => [
      'x'.repeat(n * 30 + 3),
      'the agent replied 日本語 über naïve '.repeat(n),
      '😀'.repeat(n * 15 + 1),
      `a${'😀'.repeat(n * 15)}`,
      'e\u0301'.repeat(n * 15),
      '👨\u200D👩\u200D👧 '.repeat(n * 3),
      'line one\r\nline two\r\n'.repeat(n * 2),
    ];
    for (const text of made(50)) for (const size of [2, 3, 7, 64]) expectWholePieces(text, size);
    for (const text of made(2_000)) expectWholePieces(text, 4096);
  });

  it('never cuts a surrogate pair in two, at any offset of the pair against the size', () => {
    for (let lead = 0; lead < 6; lead++) {
      const text = `${'a'.repeat(lead)}${'😀'.repeat(50)}`;
      for (let size = 2; size <= 9; size++) expectWholePieces(text, size);
    }
  });

  it('keeps an unpaired surrogate, which the page marks, as a character of its own', () => {
    const text = `${'\uDC00'.repeat(10)}${'\uD800'.repeat(10)}`;
    expect(expectWholePieces(text, 4).length).toBe(5);
  });

  it('ends a piece after a space in its last eighth, where the line could have wrapped anyway', () => {
    const words = 'alpha beta gamma delta '.repeat(1_000);
    for (const piece of expectWholePieces(words, 4096).slice(0, -1)) {
      expect(piece.endsWith(' ')).toBe(true);
      expect(piece.length).toBeGreaterThan(4096 - 4096 / 8);
    }
  });

  it('cuts a text without spaces at the size, and moves back off a combining mark, a CR LF or an emoji sequence', () => {
    expect(chunkEnds('x'.repeat(10_000), 4096)).toEqual([4096, 8192, 10_000]);
    const accent = `${'a'.repeat(4095)}e\u0301${'b'.repeat(10)}`;
    expect(pieces(accent, 4096)[0]).toBe('a'.repeat(4095));
    const crlf = `${'a'.repeat(4095)}\r\n${'b'.repeat(10)}`;
    expect(pieces(crlf, 4096)[1]!.startsWith('\r\n')).toBe(true);
    const family = `${'a'.repeat(4090)}👨\u200D👩\u200D👧${'b'.repeat(10)}`;
    expect(pieces(family, 4096)[0]).toBe('a'.repeat(4090));
  });

  it('never ends a piece inside a character as the browser draws it (a grapheme cluster), spaces or not', () => {
    const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
    const parts = ['a', ' ', '\r\n', '\n', 'e\u0301', ' \u0301', '😀', '👍🏽', '👨\u200D👩\u200D👧', '🇯🇵', '🇯🇵🇫🇷', '1\uFE0F\u20E3', 'x\u200C', '\u1100\u1161\u11A8', '\u0915\u094D\u0937', 'ก\u0E31'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...parts), { minLength: 40, maxLength: 300 }), fc.integer({ min: 64, max: 80 }), (made, size) => {
        const text = made.join('');
        const bounds = new Set([...graphemes.segment(text)].map((g) => g.index));
        for (const end of expectWholePieces(text, size).slice(0, -1).map((_, k, cut) => cut.slice(0, k + 1).join('').length)) expect(bounds.has(end)).toBe(true);
      }),
    );
  });

  it('refuses a size that cannot hold a pair of surrogates', () => {
    expect(() => chunkEnds('abc', 1)).toThrow(RangeError);
  });
});
