// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The worker is replaced by a load the test finishes when it wants, so a sample can fail while it is in flight.
let finish: (result: unknown) => void = () => undefined;
vi.mock('../worker/client', () => ({
  AnalysisError: class extends Error {},
  AnalysisClient: class {
    analyze() {
      return new Promise((resolve) => (finish = resolve));
    }
    cancel() {
      return true;
    }
    forget() {}
    warm() {}
  },
}));

const { analyzeAndShow, openSample } = await import('./loader');
const { useStore } = await import('./store');
const { EMPTY_URL_VIEW } = await import('./url');

const messages = () => useStore.getState().notices.map((n) => n.message);

const entry = (file: string) => ({ file, title: file, description: 'd', family: 'ordering' });
const INDEX = JSON.stringify([entry('o0-in-order.jsonl'), entry('o1-flip.jsonl')]);
const isIndex = (url: unknown) => String(url).endsWith('samples/index.json');

describe('a sample that cannot be fetched while a file is read', () => {
  beforeEach(() => useStore.getState().clearInputs());
  afterEach(() => vi.unstubAllGlobals());

  it('is said once, naming the sample whatever failed, and the notice outlives the load', async () => {
    vi.stubGlobal('fetch', vi.fn(async (url: string) => (isIndex(url) ? new Response(INDEX) : Promise.reject(new TypeError('Failed to fetch')))));
    const load = analyzeAndShow([], { kind: 'files' }, EMPTY_URL_VIEW, [], 0);
    await openSample('o1-flip.jsonl');
    await openSample('o1-flip.jsonl');
    const said = 'The sample o1-flip.jsonl could not be fetched (Failed to fetch), so the file being read was not replaced.';
    expect(messages()).toEqual([said]);
    expect(useStore.getState().status).toBe('loading');
    finish({ analysis: null, unreadable: [], already: [{ index: 0, name: 'x.jsonl', sameAs: 'x.jsonl', sha256: 'ab', onceDecompressed: false }] });
    await load;
    expect(messages()[0]).toBe(said);
    expect(messages().length).toBe(2);
  });

  it('is an error naming the sample when no load is in flight', async () => {
    vi.stubGlobal('fetch', vi.fn(async (url: string) => (isIndex(url) ? new Response(INDEX) : new Response('gone', { status: 404 }))));
    await openSample('o1-flip.jsonl');
    expect(useStore.getState().error).toEqual({ file: 'o1-flip.jsonl', message: 'the sample could not be fetched (HTTP 404)' });
    expect(messages()).toEqual([]);
  });
});

describe('a sample name that is not a bundled sample', () => {
  beforeEach(() => useStore.getState().clearInputs());
  afterEach(() => vi.unstubAllGlobals());

  it('is checked against the samples index before anything is fetched, and the page names the samples there are', async () => {
    const fetched: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        fetched.push(String(url));
        return isIndex(url) ? new Response(INDEX) : new Response('<!doctype html><html></html>', { headers: { 'content-type': 'text/html' } });
      }),
    );
    await openSample('o1-flipp.jsonl');
    expect(fetched.filter((u) => !isIndex(u))).toEqual([]);
    expect(messages()).toEqual(['There is no bundled sample named “o1-flipp.jsonl”. The samples are: o0-in-order.jsonl, o1-flip.jsonl.']);
    expect(useStore.getState().error).toBeNull();
    expect(useStore.getState().sources).toEqual([]);
  });

  it('is said beside a load in flight, which goes on', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(INDEX)));
    const load = analyzeAndShow([], { kind: 'files' }, EMPTY_URL_VIEW, [], 0);
    await openSample('..');
    expect(messages()).toEqual(['There is no bundled sample named “..”. The samples are: o0-in-order.jsonl, o1-flip.jsonl. The file being read was not replaced.']);
    expect(useStore.getState().status).toBe('loading');
    finish({ analysis: null, unreadable: [], already: [] });
    await load;
  });
});

describe('a sample answered with a web page', () => {
  beforeEach(() => useStore.getState().clearInputs());
  afterEach(() => vi.unstubAllGlobals());

  const page = (headers: Record<string, string>, body = '<!DOCTYPE html>\n<html lang="en">') =>
    vi.fn(async (url: string) => (isIndex(url) ? new Response(INDEX) : new Response(body, { headers })));

  it('is refused when it says it is HTML, whatever its body', async () => {
    vi.stubGlobal('fetch', page({ 'content-type': 'text/html; charset=utf-8' }, '{"kind":"input"}'));
    await openSample('o1-flip.jsonl');
    expect(useStore.getState().error).toEqual({ file: 'o1-flip.jsonl', message: 'the sample could not be fetched (the server answered with a web page, not the sample)' });
    expect(useStore.getState().sources).toEqual([]);
  });

  it('is refused when its body starts like a page, whatever its type', async () => {
    vi.stubGlobal('fetch', page({ 'content-type': 'application/octet-stream' }, '\uFEFF  <html><body>'));
    await openSample('o1-flip.jsonl');
    expect(useStore.getState().error?.message).toBe('the sample could not be fetched (the server answered with a web page, not the sample)');
  });
});
