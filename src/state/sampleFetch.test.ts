import { afterEach, describe, expect, it, vi } from 'vitest';

const INDEX = JSON.stringify([{ file: 'o1-flip.jsonl', title: 'O1', description: 'd', family: 'ordering' }]);

describe('the samples index', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is asked for again after a failure: one failed fetch at start-up does not disable the samples until a reload', async () => {
    let indexCalls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (!String(url).endsWith('samples/index.json')) return new Response('{"kind":"input","id":"a"}');
        return ++indexCalls === 1 ? Promise.reject(new TypeError('Failed to fetch')) : new Response(INDEX);
      }),
    );
    const { fetchSample, fetchSamples } = await import('./sampleFetch');
    const { useStore } = await import('./store');
    await fetchSamples();
    expect(useStore.getState().samples).toEqual([]);
    const got = await fetchSample('o1-flip.jsonl');
    expect(got.kind).toBe('bytes');
    expect(indexCalls).toBe(2);
    expect(useStore.getState().samples?.map((s) => s.file)).toEqual(['o1-flip.jsonl']);
  });
});

describe('two samples chosen while the index is being asked for again', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('share one new request for it, so a late failure cannot undo an answer', async () => {
    vi.resetModules();
    let indexCalls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (!String(url).endsWith('samples/index.json')) return new Response('{"kind":"input","id":"a"}');
        indexCalls++;
        if (indexCalls === 1) return Promise.reject(new TypeError('Failed to fetch'));
        if (indexCalls === 2) return new Response(INDEX);
        return Promise.reject(new TypeError('a third request'));
      }),
    );
    const { fetchSample, fetchSamples } = await import('./sampleFetch');
    const { useStore } = await import('./store');
    await fetchSamples();
    const [a, b] = await Promise.all([fetchSample('o1-flip.jsonl'), fetchSample('o1-flip.jsonl')]);
    expect([a.kind, b.kind]).toEqual(['bytes', 'bytes']);
    expect(indexCalls).toBe(2);
    expect(useStore.getState().samples?.map((s) => s.file)).toEqual(['o1-flip.jsonl']);
  });
});

describe('the empty page\'s Try again', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the samples list again after it could not be fetched, and lists them once it comes', async () => {
    vi.resetModules();
    let indexCalls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => (++indexCalls === 1 ? Promise.reject(new TypeError('Failed to fetch')) : new Response(INDEX))),
    );
    const { fetchSamples, retrySamples } = await import('./sampleFetch');
    const { useStore } = await import('./store');
    await fetchSamples();
    expect(useStore.getState().samples).toEqual([]);
    await retrySamples();
    expect(useStore.getState().samples?.map((s) => s.file)).toEqual(['o1-flip.jsonl']);
    await retrySamples();
    expect(indexCalls).toBe(2);
  });
});
