import { describe, expect, it } from 'vitest';
import { EMPTY_URL_VIEW, formatUrlView, ignoredUrlParams, isNavigation, parseUrlView, type UrlView } from './url';

describe('URL view', () => {
  it('round-trips every field', () => {
    const view: UrlView = {
      ...EMPTY_URL_VIEW,
      sample: 'o1-flip.jsonl',
      session: 'exp 1',
      cutoff: 1,
      sel: { file: 0, line: 2 },
      finding: 3,
      code: 'decision-flip',
      order: 'raw',
      compare: 'compare-bad.jsonl',
    };
    expect(parseUrlView(formatUrlView(view))).toEqual(view);
  });

  it('writes nothing for an empty view', () => {
    expect(formatUrlView(EMPTY_URL_VIEW)).toBe('');
    expect(parseUrlView('')).toEqual(EMPTY_URL_VIEW);
  });

  it('names hand-opened inputs by short hash and name, in order, names with colons and spaces included', () => {
    const view: UrlView = {
      ...EMPTY_URL_VIEW,
      inputs: [
        { hash: '3fa9c1e2b7d0', name: 'run 1: bad.jsonl' },
        { hash: '0123456789ab', name: 'evals.json' },
      ],
      cmp: { hash: 'aaaaaaaaaaaa', name: 'good.jsonl' },
      cutoff: 4,
    };
    const search = formatUrlView(view);
    expect(search).toBe('?in=3fa9c1e2b7d0:run+1:+bad.jsonl&in=0123456789ab:evals.json&cmp=aaaaaaaaaaaa:good.jsonl&cutoff=4');
    expect(parseUrlView(search)).toEqual(view);
  });

  it('shortens a full hash to 12 digits, reads upper case, and drops every input when one is malformed', () => {
    const full = 'ABCDEF0123456789'.repeat(4);
    expect(formatUrlView({ ...EMPTY_URL_VIEW, inputs: [{ hash: full.toLowerCase(), name: 'a' }] })).toBe('?in=abcdef012345:a');
    expect(parseUrlView(`?in=${full}:a`).inputs).toEqual([{ hash: full.toLowerCase(), name: 'a' }]);
    expect(parseUrlView('?in=abcdef012345:a&in=nothex:b').inputs).toEqual([]);
    expect(parseUrlView('?in=abc:a').inputs).toEqual([]);
    expect(parseUrlView('?in=abcdef012345:').inputs).toEqual([]);
  });

  it('refuses sample paths and malformed numbers', () => {
    const v = parseUrlView('?sample=../secret&cutoff=1.5&sel=a:b&finding=-1&order=sideways&compare=../x');
    expect(v).toEqual(EMPTY_URL_VIEW);
    expect(parseUrlView('?sample=https://evil.example/x.jsonl').sample).toBeNull();
  });

  it('says which sample names it ignored and why, quoting a long one only in part', () => {
    expect(parseUrlView('?sample=..').sample).toBeNull();
    expect(ignoredUrlParams('?sample=o1-flip.jsonl&compare=compare-bad.jsonl&session=x')).toEqual([]);
    expect(ignoredUrlParams('?sample=')).toEqual([]);
    const why = ', which is not a plain file name, so it was ignored: samples are fetched only by name, from this page\'s own samples folder.';
    expect(ignoredUrlParams('?sample=..%2Findex.html')).toEqual([`The address asks to open the sample “../index.html”${why}`]);
    expect(ignoredUrlParams('?sample=https://evil.example/x.jsonl&compare=..')).toEqual([
      `The address asks to open the sample “https://evil.example/x.jsonl”${why}`,
      `The address asks to compare with the sample “..”${why}`,
    ]);
    const [long] = ignoredUrlParams(`?sample=${'/'.repeat(79)}${encodeURIComponent('😀')}tail`);
    expect(long).toContain(`“${'/'.repeat(79)}…”`);
  });

  it('treats a cutoff, filter or order change as a replacement, anything else as navigation', () => {
    const a = { ...EMPTY_URL_VIEW, sample: 's.jsonl', cutoff: 1 };
    expect(isNavigation(a, { ...a, cutoff: 2 })).toBe(false);
    expect(isNavigation(a, { ...a, code: 'lost-update', order: 'raw' })).toBe(false);
    expect(isNavigation(a, { ...a, session: 'x' })).toBe(true);
    expect(isNavigation(a, { ...a, sel: { file: 0, line: 1 } })).toBe(true);
    expect(isNavigation(a, { ...a, inputs: [{ hash: 'aaaaaaaaaaaa', name: 'x' }] })).toBe(true);
    expect(isNavigation(a, { ...a, compare: 'b.jsonl' })).toBe(true);
  });
});
