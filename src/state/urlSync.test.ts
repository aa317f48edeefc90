import { afterEach, describe, expect, it, vi } from 'vitest';
import { useStore } from './store';
import { EMPTY_URL_VIEW } from './url';
import { analysisOf } from './testAnalysis';
import { linkAwaitsHashes, linkToView, openFromUrl } from './urlSync';
import { NOT_HASHED } from '../core/fileHash';
import { hashFiles } from '../worker/hashClient';
import { hashInputsAfterView } from './inputHashes';
import { sourceOf } from './sources';

vi.mock('../worker/hashClient', () => ({ hashFiles: vi.fn(), knownHashOf: () => null, rememberHash: () => undefined, stopHashing: () => undefined }));
import type { ComparisonState } from './evidenceSlice';

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

  it('waits while a file opened by hand, or the other run’s, is being hashed, since it names them by hash', async () => {
    const analysis = await analysisOf({ name: 'big.jsonl', lines: [{ kind: 'input', id: 'm1', session: 'o1', accept_seq: 1, op: 'allow' }] });
    (analysis.inputs[0] as { sha256: string }).sha256 = NOT_HASHED;
    const files = { origin: { kind: 'files' as const }, analysis, comparison: null };
    const other = { sample: null, other: analysis } as unknown as ComparisonState;
    let hashed!: (hashes: string[]) => void;
    vi.mocked(hashFiles).mockReturnValue(new Promise((resolve) => (hashed = resolve)));
    const hashing = hashInputsAfterView(analysis, [sourceOf('big.jsonl', new Blob(['x']))], () => undefined);
    expect(linkAwaitsHashes(files)).toBe(true);
    expect(linkAwaitsHashes({ ...files, origin: null, comparison: other })).toBe(true);
    // A sample is named by its name alone.
    expect(linkAwaitsHashes({ ...files, origin: { kind: 'sample' as const, file: 'big.jsonl' } })).toBe(false);
    hashed(['f'.repeat(64)]);
    await hashing;
    expect(linkAwaitsHashes(files)).toBe(false);
    expect(linkAwaitsHashes({ ...files, origin: null, comparison: other })).toBe(false);
  });

  it('is the address itself while nothing is shown yet', () => {
    expect(linkToView({ ...useStore.getState(), status: 'loading', analysis: null }, at)).toBe(at.href);
  });
});
