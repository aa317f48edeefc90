// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOT_HASHED } from '../core/fileHash';
import { hashFiles } from '../worker/hashClient';
import { hashInputsAfterView } from '../state/inputHashes';
import { sourceOf } from '../state/sources';
import { useStore } from '../state/store';
import { analysisOf, O1 } from '../state/testAnalysis';
import { InputHash } from './InputHash';

vi.mock('../worker/hashClient', () => ({ hashFiles: vi.fn(), knownHashOf: () => null, rememberHash: () => undefined, stopHashing: () => undefined }));

/** A large file's input, shown before its hash, and the hashing begun for it (answered by `hashed`). */
async function beingHashed() {
  const analysis = await analysisOf({ name: 'big.jsonl', lines: O1 });
  const input = analysis.inputs[0]!;
  (input as { sha256: string }).sha256 = NOT_HASHED;
  let hashed!: (hashes: (string | null)[]) => void;
  vi.mocked(hashFiles).mockReturnValue(new Promise((resolve) => (hashed = resolve)));
  const done = hashInputsAfterView(analysis, [sourceOf('big.jsonl', new Blob(['x']))], () => useStore.getState().inputsHashed());
  render(<InputHash input={input} copy />);
  return { done, hashed };
}

describe('a file hash in the page', () => {
  afterEach(cleanup);

  it('says hashing… until the hash comes, then shows it with its Copy button', async () => {
    const { done, hashed } = await beingHashed();
    expect(screen.getByText('hashing…')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    await act(async () => {
      hashed(['ab'.repeat(32)]);
      await done;
    });
    expect(screen.getByText('abababababab').getAttribute('title')).toBe('ab'.repeat(32));
    expect(screen.getByRole('button', { name: 'Copy SHA-256 of big.jsonl' })).toBeTruthy();
  });

  it('says not hashed, and why, when the file could not be read again', async () => {
    const { done, hashed } = await beingHashed();
    await act(async () => {
      hashed([null]);
      await done;
    });
    expect(screen.getByText('not hashed').getAttribute('title')).toMatch(/could not be read again/);
  });
});
