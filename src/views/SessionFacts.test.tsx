// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialView } from '../state/viewFromUrl';
import { analysisOf } from '../state/testAnalysis';
import { useStore } from '../state/store';
import { EMPTY_URL_VIEW } from '../state/url';
import { SessionFacts } from './SessionFacts';

const a1 = { kind: 'input', id: 'A1', session: 's', op: 'allow', accept_seq: 2 };
const b1 = { kind: 'input', id: 'B1', session: 's', op: 'revoke', accept_seq: 1 };

describe('session facts', () => {
  afterEach(cleanup);

  it('say when the session is stored across files, whose order as given decides its storage order', async () => {
    const analysis = await analysisOf({ name: 'fa.jsonl', lines: [a1] }, { name: 'fb.jsonl', lines: [b1] });
    useStore.getState().setAnalysis(analysis, initialView(analysis, EMPTY_URL_VIEW, null));
    render(<SessionFacts />);
    expect(document.body.textContent).toContain('1 inversion · stored across 2 files, taken in the order given (fa.jsonl, fb.jsonl)');
  });

  it('say nothing of files for a session in one file', async () => {
    const analysis = await analysisOf({ name: 'fa.jsonl', lines: [a1, b1] });
    useStore.getState().setAnalysis(analysis, initialView(analysis, EMPTY_URL_VIEW, null));
    render(<SessionFacts />);
    expect(document.body.textContent).toContain('1 inversion');
    expect(document.body.textContent).not.toContain('stored across');
  });
});

describe('session facts when switching back', () => {
  afterEach(cleanup);

  it('walk a session once, not again each time it is shown', async () => {
    const other = { kind: 'input', id: 'C1', session: 't', op: 'allow', accept_seq: 1 };
    const analysis = await analysisOf({ name: 'fa.jsonl', lines: [a1, other] }, { name: 'fb.jsonl', lines: [b1] });
    useStore.getState().setAnalysis(analysis, initialView(analysis, EMPTY_URL_VIEW, null));
    const s = analysis.sessions.find((x) => x.session === 's')!;
    const walks = vi.spyOn(s.ordering.participants, Symbol.iterator);
    render(<SessionFacts />);
    for (const name of ['t', 's', 't', 's']) act(() => useStore.getState().selectSession(name, null));
    expect(document.body.textContent).toContain('stored across 2 files');
    expect(walks).toHaveBeenCalledTimes(1);
  });
});
