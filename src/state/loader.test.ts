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
    warm() {}
  },
}));

const { analyzeAndShow, openSample } = await import('./loader');
const { useStore } = await import('./store');
const { EMPTY_URL_VIEW } = await import('./url');

const messages = () => useStore.getState().notices.map((n) => n.message);

describe('a sample that cannot be fetched while a file is read', () => {
  beforeEach(() => useStore.getState().clearInputs());
  afterEach(() => vi.unstubAllGlobals());

  it('is said once, naming the sample whatever failed, and the notice outlives the load', async () => {
    vi.stubGlobal('fetch', vi.fn(async (url: string) => (String(url).endsWith('index.json') ? new Response('[]') : Promise.reject(new TypeError('Failed to fetch')))));
    const load = analyzeAndShow([], { kind: 'files' }, EMPTY_URL_VIEW, [], 0);
    await openSample('o1-flip.jsonl');
    await openSample('o1-flip.jsonl');
    const said = 'The sample o1-flip.jsonl could not be fetched (Failed to fetch), so the file being read was not replaced.';
    expect(messages()).toEqual([said]);
    expect(useStore.getState().status).toBe('loading');
    finish({ analysis: null, unreadable: [], already: [{ index: 0, name: 'x.jsonl', sameAs: 'x.jsonl', sha256: 'ab' }] });
    await load;
    expect(messages()[0]).toBe(said);
    expect(messages().length).toBe(2);
  });

  it('is an error naming the sample when no load is in flight', async () => {
    vi.stubGlobal('fetch', vi.fn(async (url: string) => new Response(String(url).endsWith('index.json') ? '[]' : 'gone', { status: String(url).endsWith('index.json') ? 200 : 404 })));
    await openSample('o1-flip.jsonl');
    expect(useStore.getState().error).toEqual({ file: 'o1-flip.jsonl', message: 'the sample could not be fetched (HTTP 404)' });
    expect(messages()).toEqual([]);
  });
});
