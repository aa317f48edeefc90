import { describe, expect, it } from 'vitest';
import { cellCode, clip, codeSpan, fencedBlock, inlineText, multilineText, placeSpan, visible } from './markdownText';

describe('Markdown text from logs', () => {
  it('escapes everything that could become markup, HTML, a link or a cell break', () => {
    expect(inlineText('<script>alert(1)</script> | [x](y) *b* _i_ `c` ~s~ #h &amp; \\')).toBe(
      '\\<script\\>alert(1)\\</script\\> \\| \\[x\\](y) \\*b\\* \\_i\\_ \\`c\\` \\~s\\~ \\#h \\&amp; \\\\',
    );
  });

  it('keeps log content from turning into links by itself', () => {
    expect(inlineText('see https://x.example/a, www.x.example or a@b.example')).toBe('see https\\://x.example/a, www\\.x.example or a\\@b.example');
  });

  it('leaves an underscore inside a word alone, where it can never emphasise', () => {
    expect(inlineText('accept_seq _x y_')).toBe('accept_seq \\_x y\\_');
  });

  it('puts a line of prose on one line', () => {
    expect(inlineText('a\nb\r\nc\rd')).toBe('a b c d');
  });

  it('keeps a multi-line note in its list item, with no line starting a block of its own', () => {
    expect(multilineText('first\n- not a list\n  1. nor this\n+ x\n===', 2)).toBe('first\\\n  \\- not a list\\\n  1\\. nor this\\\n  \\+ x\\\n  \\===');
  });

  it('shows invisible and direction-changing characters', () => {
    expect(visible('a\u202eb\u0000c\u200bd\u2066e')).toBe('a⟨U+202E⟩b⟨U+0000⟩c⟨U+200B⟩d⟨U+2066⟩e');
    expect(visible('tab\tand ünïcode ✓')).toBe('tab\tand ünïcode ✓');
  });

  it('marks every character the page and the CLI mark: no-break and other spaces, the Arabic letter mark, tag characters', () => {
    expect(visible('a\u00a0b k\u061cey tag\u{E0041} sp\u3000x k\u2000 m\u00ad1')).toBe(
      'a⟨U+00A0⟩b k⟨U+061C⟩ey tag⟨U+E0041⟩ sp⟨U+3000⟩x k⟨U+2000⟩ m⟨U+00AD⟩1',
    );
    expect(codeSpan('k\u2000')).toBe('`k⟨U+2000⟩`');
    expect(fencedBlock('{"id":"a\u00a0b"}\n\tnext', 'json')).toBe('```json\n{"id":"a⟨U+00A0⟩b"}\n\tnext\n```');
  });

  it('wraps code spans in a longer backtick run than any inside, padding when needed', () => {
    expect(codeSpan('plain')).toBe('`plain`');
    expect(codeSpan('a`b')).toBe('``a`b``');
    expect(codeSpan('`x``')).toBe('``` `x`` ```');
    expect(codeSpan('')).toBe('(empty)');
    expect(codeSpan('  ')).toBe('`  `');
    expect(codeSpan('a\nb')).toBe('`a b`');
  });

  it('escapes bars in table-cell code spans, which GitHub splits on otherwise', () => {
    expect(cellCode('a|b')).toBe('`a\\|b`');
  });

  it('fences code with more backticks than any run inside, at least three', () => {
    expect(fencedBlock('{"a":1}', 'json')).toBe('```json\n{"a":1}\n```');
    expect(fencedBlock('x ```` y')).toBe('`````\nx ```` y\n`````');
    expect(fencedBlock('a\r\nb')).toBe('```\na\nb\n```');
  });

  it('clips long text without splitting a surrogate pair', () => {
    expect(clip('abcdef', 10)).toEqual({ text: 'abcdef', omitted: 0 });
    expect(clip('abcdef', 4)).toEqual({ text: 'abcd', omitted: 2 });
    expect(clip('ab😀cd', 3)).toEqual({ text: 'ab', omitted: 4 });
  });

  it('clips long text without splitting a character drawn as one: a ZWJ emoji, a letter and its accent, a flag', () => {
    const family = '👩\u200D👩\u200D👧';
    expect(clip(`ab${family}cd`, 2 + family.length - 1)).toEqual({ text: 'ab', omitted: family.length + 2 });
    expect(clip('abe\u0301cd', 3)).toEqual({ text: 'ab', omitted: 4 });
    expect(clip('ab🇫🇷cd', 4)).toEqual({ text: 'ab', omitted: 6 });
    expect(clip(`ab${family}cd`, 2 + family.length)).toEqual({ text: `ab${family}`, omitted: 2 });
  });
});

describe('placeSpan', () => {
  it('says one place as one, and a range as a range', () => {
    expect(placeSpan('line', 9, 9)).toBe('line 9');
    expect(placeSpan('line', 8, 10)).toBe('lines 8–10');
    expect(placeSpan('accept_seq', 3, 3, 'accept_seq')).toBe('accept_seq 3');
    expect(placeSpan('accept_seq', 3, 5, 'accept_seq')).toBe('accept_seq 3–5');
  });
});
