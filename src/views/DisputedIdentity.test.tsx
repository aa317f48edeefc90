// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { analysisOf } from '../state/testAnalysis';
import { useStore } from '../state/store';
import { initialView } from '../state/viewFromUrl';
import { EMPTY_URL_VIEW } from '../state/url';
import { EvalSummary } from './EvalSummary';

const inspectLog = (value: string) => ({
  version: 2,
  status: 'success',
  eval: { task: 'arith', run_id: 'run-1' },
  samples: [{ id: 1, epoch: 1, scores: { match: { value } } }],
});

async function sideStatuses(...files: { name: string; lines: readonly object[] }[]): Promise<string[]> {
  const analysis = await analysisOf(...files);
  useStore.getState().setAnalysis(analysis, initialView(analysis, EMPTY_URL_VIEW, null));
  render(<EvalSummary />);
  return [...document.querySelectorAll('.dispute .side-status')].map((s) => s.textContent!);
}

describe('a disputed identity side by side', () => {
  afterEach(cleanup);

  it("shows, for a real format, the value its file recorded beside the status read from it, never Seqscope's word as the file's", async () => {
    const sides = await sideStatuses({ name: 'a.json', lines: [inspectLog('C')] }, { name: 'b.json', lines: [inspectLog('I')] });
    expect(sides).toEqual(['recorded "C" (correct) → pass', 'recorded "I" (incorrect) → fail']);
  });

  it('shows a native record its status as written, whatever fields it carries', async () => {
    const sides = await sideStatuses({
      name: 'evals.jsonl',
      lines: [
        { kind: 'eval', id: 'A', status: 'PASSED', status_basis: 'my own words' },
        { kind: 'eval', id: 'A', status: 'fail' },
      ],
    });
    expect(sides).toEqual(['status PASSED → pass', 'status fail → fail']);
  });
});
