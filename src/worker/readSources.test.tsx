// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadFailed } from '../state/loadOutcome';
import { useStore } from '../state/store';
import { StatusLine } from '../views/StatusLine';
import { AnalysisError } from './client';
import { readSources, unreadableFailure } from './readSources';

const file = (name: string, text: string) => ({ name, blob: new Blob([text]) });
const hooks = { reading: () => undefined, progress: () => undefined };

/** The alert the page shows when the worker refuses every file of a load, as the worker sends it. */
async function alertFor(files: { name: string; blob: Blob }[]): Promise<string> {
  const { unreadable } = await readSources(files, 0, hooks);
  const failure = unreadableFailure(unreadable)!;
  useStore.getState().clearInputs();
  loadFailed({ sources: [], origin: null }, new AnalysisError(failure.file, failure.message));
  render(<StatusLine />);
  return screen.getByRole('alert').textContent!;
}

describe('a load whose every file is unreadable', () => {
  afterEach(cleanup);

  it('names the file once in its alert, before the reason', async () => {
    const text = await alertFor([file('unknown-ml.json', '{\n  "a": 1\n}\n')]);
    expect(text).toMatch(/^unknown-ml\.json: a single JSON object \(keys: "a"\) over several lines, in no format Seqscope reads\./);
    expect(text.split('unknown-ml.json')).toHaveLength(2);
  });

  it('names each of several files once, each before its own reason', async () => {
    const text = await alertFor([file('a.json', '[1,2,3]'), file('b.json', '{\n  "b": 1\n}\n')]);
    expect(text).toMatch(/^a\.json: a JSON array of 3 items, none of them an object .*; b\.json: a single JSON object \(keys: "b"\)/);
    expect(text.split('a.json')).toHaveLength(2);
    expect(text.split('b.json')).toHaveLength(2);
  });

  it('is no failure while any file was read', () => {
    expect(unreadableFailure([])).toBeNull();
  });
});
