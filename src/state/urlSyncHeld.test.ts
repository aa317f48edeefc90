// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOT_HASHED } from '../core/fileHash';
import { hashFiles } from '../worker/hashClient';
import { hashInputsAfterView } from './inputHashes';
import { sourceOf } from './sources';
import { useStore } from './store';
import { analysisOf, O1 } from './testAnalysis';
import { startUrlSync } from './urlSync';

vi.mock('../worker/hashClient', () => ({ hashFiles: vi.fn(), knownHashOf: () => null, rememberHash: () => undefined, stopHashing: () => undefined }));

/** A large file opened by hand and shown before its hash, its hashing begun (answered by `hashed`). */
async function shownBeforeItsHash() {
  const analysis = await analysisOf({ name: 'big.jsonl', lines: O1 });
  (analysis.inputs[0] as { sha256: string }).sha256 = NOT_HASHED;
  let hashed!: (hashes: (string | null)[]) => void;
  vi.mocked(hashFiles).mockReturnValue(new Promise((resolve) => (hashed = resolve)));
  const done = hashInputsAfterView(analysis, [sourceOf('big.jsonl', new Blob(['x']))], () => useStore.getState().inputsHashed());
  useStore.setState({ status: 'ready', origin: { kind: 'files' }, analysis, session: 'o1' });
  return { done, hashed };
}

describe('the address of a view whose file is hashed after it is shown', () => {
  let stop: (() => void) | null = null;
  afterEach(() => {
    stop?.();
    useStore.getState().clearInputs();
  });

  it('is written once the hash has come, as the one entry the view adds', async () => {
    history.replaceState(null, '', '/');
    const entries = history.length;
    stop = startUrlSync();
    const { done, hashed } = await shownBeforeItsHash();
    useStore.setState({ cutoff: 1 });
    expect([location.search, history.length]).toEqual(['', entries]);
    hashed(['ab'.repeat(32)]);
    await done;
    expect(new URLSearchParams(location.search).getAll('in')).toEqual(['abababababab:big.jsonl']);
    expect(new URLSearchParams(location.search).get('cutoff')).toBe('1');
    expect(history.length).toBe(entries + 1);
  });

  it('is not written without the hash when the file could not be hashed', async () => {
    history.replaceState(null, '', '/');
    stop = startUrlSync();
    const { done, hashed } = await shownBeforeItsHash();
    hashed([null]);
    await done;
    useStore.setState({ cutoff: 2 });
    expect(location.search).toBe('');
  });
});
