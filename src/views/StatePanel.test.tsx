// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { analysisOf } from '../state/testAnalysis';
import { useStore } from '../state/store';
import { initialView } from '../state/viewFromUrl';
import { EMPTY_URL_VIEW } from '../state/url';
import { StatePanel } from './StatePanel';

async function show(lines: readonly object[]) {
  const analysis = await analysisOf({ name: 'state.jsonl', lines });
  useStore.getState().setAnalysis(analysis, initialView(analysis, EMPTY_URL_VIEW, null));
  return render(<StatePanel />).container;
}

describe('state at cutoff', () => {
  afterEach(cleanup);

  it('calls a key whose acceptance value is unknown undetermined, as the replays do, not "differs"', async () => {
    const panel = await show([
      { kind: 'input', id: 'm1', op: 'allow', session: 's', accept_seq: 1 },
      { kind: 'input', id: 'm2', op: 'revoke', session: 's' },
    ]);
    const flags = [...panel.querySelectorAll('tbody tr')].map((tr) => tr.lastElementChild!.textContent);
    expect(flags).toEqual(['undetermined', 'undetermined']);
  });

  it('cuts a long value and says how much was left out', async () => {
    const panel = await show([{ kind: 'input', id: 'm1', op: 'set', key: 'big', value: 'x'.repeat(100_000), session: 's', accept_seq: 1 }]);
    const text = panel.textContent!;
    expect(text.length).toBeLessThan(5_000);
    expect(text).toContain('… (99,600 more characters; the whole value is in the setter');
  });
});
