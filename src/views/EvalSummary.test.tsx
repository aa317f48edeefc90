// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { analysisOf } from '../state/testAnalysis';
import { useStore } from '../state/store';
import { initialView } from '../state/viewFromUrl';
import { EMPTY_URL_VIEW } from '../state/url';
import { EvalSummary } from './EvalSummary';

async function show(lines: readonly object[]) {
  const analysis = await analysisOf({ name: 'evals.jsonl', lines });
  useStore.getState().setAnalysis(analysis, initialView(analysis, EMPTY_URL_VIEW, null));
  return render(<EvalSummary />).container.textContent!;
}

describe('eval summary counts', () => {
  afterEach(cleanup);

  it('speaks of one identity and one record in the singular', async () => {
    const text = await show([{ kind: 'eval', case_id: 'c1', run_id: 'r1', status: 'fail' }]);
    expect(text).toContain('1 identity from 1 eval record');
    expect(text).not.toContain('1 eval records');
    expect(text).toContain('The 1 identity');
  });

  it('and of several in the plural, with thousands separated', async () => {
    const lines = Array.from({ length: 1001 }, (_, i) => ({ kind: 'eval', case_id: `c${i}`, run_id: 'r1', status: 'pass' }));
    const text = await show([...lines, { kind: 'eval', case_id: 'c0', run_id: 'r1', status: 'pass' }]);
    expect(text).toContain('1,001 identities from 1,002 eval records');
    expect(text).toContain('All 1,001 identities');
  });
});
