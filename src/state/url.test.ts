import { describe, expect, it } from 'vitest';
import { EMPTY_URL_VIEW, formatUrlView, isNavigation, parseUrlView } from './url';

describe('URL view', () => {
  it('round-trips every field', () => {
    const view = { sample: 'o1-flip.jsonl', session: 'exp 1', cutoff: 1, sel: { file: 0, line: 2 }, finding: 3 };
    expect(parseUrlView(formatUrlView(view))).toEqual(view);
  });

  it('writes nothing for an empty view', () => {
    expect(formatUrlView(EMPTY_URL_VIEW)).toBe('');
    expect(parseUrlView('')).toEqual(EMPTY_URL_VIEW);
  });

  it('refuses sample paths and malformed numbers', () => {
    const v = parseUrlView('?sample=../secret&cutoff=1.5&sel=a:b&finding=-1');
    expect(v).toEqual(EMPTY_URL_VIEW);
    expect(parseUrlView('?sample=https://evil.example/x.jsonl').sample).toBeNull();
  });

  it('treats a cutoff change as a replacement, anything else as navigation', () => {
    const a = { ...EMPTY_URL_VIEW, sample: 's.jsonl', cutoff: 1 };
    expect(isNavigation(a, { ...a, cutoff: 2 })).toBe(false);
    expect(isNavigation(a, { ...a, session: 'x' })).toBe(true);
    expect(isNavigation(a, { ...a, sel: { file: 0, line: 1 } })).toBe(true);
  });
});
