import { describe, expect, it } from 'vitest';
import { describeInvisibles, revealInvisibles } from '../core/invisibleChars';
import { invisibleSegments, invisiblesTitle, markedRuns, markText } from './invisibleMarks';

const plain = (text: string, layout = false) => invisibleSegments(text, layout).map((s) => (s.kind === 'text' ? s.text : markText(s.char))).join('');

describe('invisible characters as marks', () => {
  it('leaves visible text as one run, and the empty text as none', () => {
    expect(invisibleSegments('m1 <script>alert(1)</script>')).toEqual([{ kind: 'text', text: 'm1 <script>alert(1)</script>' }]);
    expect(invisibleSegments('')).toEqual([]);
  });

  it('cuts around zero-width, bidi and BOM characters, at the ends too', () => {
    const segments = invisibleSegments('\u202Em\u200B1\uFEFF');
    expect(segments.map((s) => s.kind)).toEqual(['mark', 'text', 'mark', 'text', 'mark']);
    expect(plain('\u202Em\u200B1\uFEFF')).toBe('⟨U+202E⟩m⟨U+200B⟩1⟨U+FEFF⟩');
  });

  it('reads the same as the engine’s plain-text reveal, so the page and the reports agree', () => {
    for (const text of ['a\u200Db', 'x\u2066y\u2069', 'tab\there', '\u{E0041}tag', 'nb\u00A0sp', 'lone \uD800 surrogate'])
      expect(plain(text)).toBe(revealInvisibles(text));
  });

  it('two ids that look the same read differently', () => {
    expect(plain('m1')).not.toBe(plain('m\u200B1'));
    expect(plain('permission')).not.toBe(plain('perm\u200Dission'));
  });

  it('keeps tabs and line breaks as layout in a block, and still marks the rest', () => {
    expect(plain('{\n  "id": "a\u200Bb"\t}', true)).toBe('{\n  "id": "a⟨U+200B⟩b"\t}');
    expect(plain('a\nb')).toBe('a⟨U+000A⟩b');
  });

  it('names each character once in the tooltip, with a count', () => {
    expect(invisiblesTitle(describeInvisibles('a\u200Bb\u200Bc\u202E'))).toBe(
      '3 invisible characters, shown as marks: U+200B ZERO WIDTH SPACE ×2, U+202E RIGHT-TO-LEFT OVERRIDE',
    );
    expect(invisiblesTitle(describeInvisibles('\uFEFF'))).toBe('An invisible character, shown as marks: U+FEFF ZERO WIDTH NO-BREAK SPACE');
    expect(invisiblesTitle(describeInvisibles('\u200B'.repeat(1200)))).toBe('1,200 invisible characters, shown as marks: U+200B ZERO WIDTH SPACE ×1,200');
  });

  it('keeps a short word with a mark in one run that does not break, and leaves long words and the rest free', () => {
    expect(markedRuns('plain text')).toBeNull();
    const runs = markedRuns('set by m\u200B1 (line 2) and k\uFEFF1')!;
    const read = runs.map((r) => [r.segments.map((s) => (s.kind === 'text' ? s.text : markText(s.char))).join(''), r.together]);
    expect(read).toEqual([
      ['set by ', false],
      ['m⟨U+200B⟩1', true],
      [' (line 2) and ', false],
      ['k⟨U+FEFF⟩1', true],
    ]);
    const long = `${'x'.repeat(70)}\u200B`;
    expect(markedRuns(long)!.map((r) => r.together)).toEqual([false]);
  });

  it('marks a line break in an id, where it is not layout', () => {
    const runs = markedRuns('a\nb')!;
    expect(runs.flatMap((r) => r.segments).map((s) => (s.kind === 'text' ? s.text : markText(s.char))).join('')).toBe('a⟨U+000A⟩b');
  });
});
