import { afterEach, describe, expect, it, vi } from 'vitest';
import { useStore } from './store';
import { EMPTY_URL_VIEW } from './url';
import { analysisOf } from './testAnalysis';
import { linkToView, openFromUrl } from './urlSync';

describe('an address that asks for a comparison and nothing to compare', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says the comparison was ignored and what to do, and fetches nothing', async () => {
    const fetched = vi.fn();
    vi.stubGlobal('fetch', fetched);
    useStore.getState().clearInputs();
    await openFromUrl({ ...EMPTY_URL_VIEW, compare: 'compare-bad.jsonl' });
    expect(useStore.getState().notices).toEqual([
      {
        message: 'The address asks to compare with the sample “compare-bad.jsonl” but names no run to compare it with, so it was ignored: open a file or a sample first, then Compare with….',
        alert: true,
      },
    ]);
    expect(fetched).not.toHaveBeenCalled();
  });
});

describe('the link Copy link copies', () => {
  const at = { origin: 'https://seqscope.example', pathname: '/app/', hash: '', href: 'https://seqscope.example/app/?sample=o1.jsonl&session=o1&cutoff=1' };

  it('names the N the slider shows now, before the address bar has caught up with it', async () => {
    const analysis = await analysisOf({
      name: 'o1.jsonl',
      lines: [
        { kind: 'input', id: 'm2', session: 'o1', accept_seq: 2, op: 'revoke' },
        { kind: 'input', id: 'm1', session: 'o1', accept_seq: 1, op: 'allow' },
      ],
    });
    const state = { ...useStore.getState(), status: 'ready' as const, analysis, origin: { kind: 'sample' as const, file: 'o1.jsonl' }, session: 'o1', cutoff: 2, pendingLink: null };
    expect(linkToView(state, at)).toBe('https://seqscope.example/app/?sample=o1.jsonl&session=o1&cutoff=2');
  });

  it('is the address itself while nothing is shown yet', () => {
    expect(linkToView({ ...useStore.getState(), status: 'loading', analysis: null }, at)).toBe(at.href);
  });
});
