import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Analysis } from '../core/analyze';
import { NOT_HASHED } from '../core/fileHash';
import { hashFiles } from '../worker/hashClient';
import { sourceOf } from './sources';
import { analysisOf, O1 } from './testAnalysis';
import { hashInputsAfterView, isBeingHashed, whenHashed } from './inputHashes';

vi.mock('../worker/hashClient', () => ({ hashFiles: vi.fn(), knownHashOf: () => null, rememberHash: () => undefined, stopHashing: () => undefined }));

/** Two inputs, the second read as a large file is: without its hash. */
async function shownWithUnhashed(): Promise<{ analysis: Analysis; hashedBefore: string }> {
  const analysis = await analysisOf({ name: 'small.jsonl', lines: O1 }, { name: 'large.jsonl', lines: O1 });
  const hashedBefore = analysis.inputs[0]!.sha256;
  (analysis.inputs[1] as { sha256: string }).sha256 = NOT_HASHED;
  return { analysis, hashedBefore };
}

const sources = [sourceOf('small.jsonl', new Blob(['a'])), sourceOf('large.jsonl', new Blob(['b']))];

describe('hashing the inputs after their view', () => {
  afterEach(() => vi.mocked(hashFiles).mockReset());

  it('hashes only the files read without their hash, once, sets each in place and says when it has ended', async () => {
    const { analysis, hashedBefore } = await shownWithUnhashed();
    vi.mocked(hashFiles).mockResolvedValue(['f'.repeat(64)]);
    const settled = vi.fn();
    const first = hashInputsAfterView(analysis, sources, settled);
    expect(hashInputsAfterView(analysis, sources, settled)).toBe(first);
    expect(analysis.inputs.map(isBeingHashed)).toEqual([false, true]);
    await whenHashed(analysis);
    expect(analysis.inputs.map(isBeingHashed)).toEqual([false, false]);
    expect(vi.mocked(hashFiles).mock.calls).toEqual([[[sources[1]!.blob]]]);
    expect(analysis.inputs.map((i) => i.sha256)).toEqual([hashedBefore, 'f'.repeat(64)]);
    expect(settled).toHaveBeenCalledTimes(1);
  });

  it('leaves a file that could not be read again unhashed, and what needs its hash is told which file', async () => {
    const { analysis } = await shownWithUnhashed();
    vi.mocked(hashFiles).mockResolvedValue([null]);
    const settled = vi.fn();
    await hashInputsAfterView(analysis, sources, settled);
    // Ended all the same: nothing waits for it any longer.
    expect(settled).toHaveBeenCalledTimes(1);
    expect(isBeingHashed(analysis.inputs[1]!)).toBe(false);
    await expect(whenHashed(analysis)).rejects.toThrow(/^large\.jsonl could not be read again to compute its SHA-256/);
  });

  it('does nothing for inputs hashed as they were read', async () => {
    const analysis = await analysisOf({ name: 'small.jsonl', lines: O1 });
    const settled = vi.fn();
    await hashInputsAfterView(analysis, sources, settled);
    await whenHashed(analysis);
    expect(hashFiles).not.toHaveBeenCalled();
    expect(settled).not.toHaveBeenCalled();
  });
});
