// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { analysisOf } from '../state/testAnalysis';
import { useStore } from '../state/store';
import { EMPTY_URL_VIEW } from '../state/url';
import { initialView } from '../state/viewFromUrl';
import { DetailView } from './DetailView';
import { LINKS_SHOWN } from './RecordLinksList';
import { SIDES_SHOWN } from './disputeSides';
import { EvalSummary } from './EvalSummary';
import { FIELDS_SHOWN } from './RecordFields';
import { CHIPS_SHOWN } from './SelectionChips';
import { STATE_ROWS_SHOWN } from './StateKeyTable';
import { StatePanel } from './StatePanel';

async function open(lines: readonly object[]): Promise<void> {
  const analysis = await analysisOf({ name: 'log.jsonl', lines });
  useStore.getState().setAnalysis(analysis, initialView(analysis, EMPTY_URL_VIEW, null));
}

/**
 * Presses the button named `name` from the keyboard's side (focused, then clicked) and returns it
 * as it is after: still in the page, focused, offering to show fewer again.
 */
function press(name: string | RegExp): HTMLElement {
  const button = screen.getByRole('button', { name });
  button.focus();
  fireEvent.click(button);
  expect(document.activeElement).toBe(button);
  expect(button.getAttribute('aria-expanded')).toBe('true');
  return button;
}

describe('a list shown whole on request', () => {
  afterEach(cleanup);

  it('keeps keyboard focus on the button, which then shows the first fields again', async () => {
    const wide: Record<string, unknown> = { kind: 'input', id: 'wide', op: 'allow', accept_seq: 1 };
    for (let i = 0; i < FIELDS_SHOWN + 5; i++) wide[`f${i}`] = i;
    await open([wide]);
    act(() => useStore.getState().selectRecord(0));
    const { container } = render(<DetailView />);
    const rows = () => container.querySelectorAll('table.fields tr').length;
    const button = press(`Show all ${FIELDS_SHOWN + 9} fields`);
    expect(rows()).toBe(FIELDS_SHOWN + 9);
    fireEvent.click(button);
    expect(rows()).toBe(FIELDS_SHOWN);
    expect(document.activeElement).toBe(button);
  });

  it('keeps focus on the links button', async () => {
    const lines: object[] = [{ kind: 'response', id: 'r0', response_id: 'resp_0', accept_seq: 0 }];
    for (let i = 1; i <= LINKS_SHOWN + 3; i++) lines.push({ kind: 'request', id: `q${i}`, previous_response_id: 'resp_0', accept_seq: i });
    await open(lines);
    act(() => useStore.getState().selectRecord(0));
    render(<DetailView />);
    press(`Show all ${LINKS_SHOWN + 3}`);
  });

  it("keeps focus on the finding's chips button", async () => {
    const lines = Array.from({ length: CHIPS_SHOWN + 4 }, (_, k) => ({ kind: 'eval', id: 'A', status: k % 2 ? 'pass' : 'fail', note: `n${k}` }));
    await open(lines);
    const analysis = useStore.getState().analysis!;
    const finding = analysis.findings.findIndex((f) => f.code === 'eval-conflict');
    act(() => useStore.getState().selectFinding(finding, analysis.findings[finding]!.recordIndex, 0));
    render(<DetailView />);
    press(`Show all ${CHIPS_SHOWN + 4} records`);
    expect(document.querySelectorAll('.selection-chips .chip').length).toBe(CHIPS_SHOWN + 4);
  });

  it("keeps focus on a disputed identity's sides button", async () => {
    await open(Array.from({ length: SIDES_SHOWN + 6 }, (_, k) => ({ kind: 'eval', id: 'A', status: k ? 'pass' : 'fail', note: `n${k}` })));
    render(<EvalSummary />);
    press(`Show all ${SIDES_SHOWN + 6} sides`);
  });

  it("keeps focus on the state's button", async () => {
    const keys = STATE_ROWS_SHOWN + 2;
    await open(Array.from({ length: keys }, (_, i) => ({ kind: 'input', id: `k${i}`, op: 'set', key: `key${i}`, value: i, accept_seq: i + 1 })));
    render(<StatePanel />);
    press(new RegExp(`^Show all ${keys} keys: Acceptance as of N`));
  });
});
