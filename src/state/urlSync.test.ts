import { afterEach, describe, expect, it, vi } from 'vitest';
import { useStore } from './store';
import { EMPTY_URL_VIEW } from './url';
import { openFromUrl } from './urlSync';

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
