import { describe, expect, it } from 'vitest';
import { isWebPage, noSuchSample, parseManifest } from './samples';

describe('sample manifest', () => {
  it('keeps well-formed entries and drops the rest', () => {
    const good = { file: 'o1-flip.jsonl', title: 'O1', description: 'flip', family: 'order', cutoff: 1 };
    expect(parseManifest([good, { file: '../x', title: 'a', description: 'b', family: 'c' }, { file: 'y.jsonl' }, null])).toEqual([good]);
    expect(parseManifest({ samples: [] })).toEqual([]);
  });
});

describe('a sample that is not there', () => {
  const entry = (file: string) => ({ file, title: file, description: 'd', family: 'f' });

  it('is named with the samples there are', () => {
    expect(noSuchSample('o1-flipp.jsonl', [entry('o0.jsonl'), entry('o1-flip.jsonl')])).toBe(
      'There is no bundled sample named “o1-flipp.jsonl”. The samples are: o0.jsonl, o1-flip.jsonl.',
    );
    expect(noSuchSample('x.jsonl', [])).toBe('There is no bundled sample named “x.jsonl”. This page has no bundled samples.');
  });

  it('is recognised when a host answers with its own web page instead', () => {
    const bytes = (s: string) => new TextEncoder().encode(s);
    expect(isWebPage('text/html; charset=utf-8', bytes('{"kind":"input"}'))).toBe(true);
    expect(isWebPage(' TEXT/HTML', bytes(''))).toBe(true);
    expect(isWebPage(null, bytes('<!doctype html>\n<html>'))).toBe(true);
    expect(isWebPage('application/octet-stream', bytes('\uFEFF\n  <HTML lang="en">'))).toBe(true);
    expect(isWebPage('application/x-ndjson', bytes('{"kind":"input","text":"<!doctype html>"}'))).toBe(false);
    expect(isWebPage('text/plain', bytes('<p>not a page start</p>'))).toBe(false);
    expect(isWebPage('text/htmlx', bytes(''))).toBe(false);
  });
});
