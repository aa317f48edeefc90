// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { analysisOf } from '../state/testAnalysis';
import { useStore } from '../state/store';
import { initialView } from '../state/viewFromUrl';
import { EMPTY_URL_VIEW } from '../state/url';
import { evalRecordsOf } from '../state/selectors';
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

describe('eval summary pass rate range', () => {
  afterEach(cleanup);

  it('says the rate a disputed identity cannot move, rather than a range from 100.0% to 100.0%', async () => {
    const text = await show([
      { kind: 'eval', case_id: 'c1', run_id: 'r1', status: 'pass', score: 1 },
      { kind: 'eval', case_id: 'c1', run_id: 'r1', status: 'pass', score: 0.9 },
      { kind: 'eval', case_id: 'c2', run_id: 'r1', status: 'pass' },
    ]);
    expect(text).toContain('1 disputed identity is left out; however it is resolved the rate would be 100.0%.');
    expect(text).not.toContain('anywhere from');
  });

  it('writes the headline rate and the range with one decimal each, as the reports do', async () => {
    const text = await show([
      { kind: 'eval', case_id: 'c1', run_id: 'r1', status: 'pass' },
      { kind: 'eval', case_id: 'c1', run_id: 'r1', status: 'fail' },
      { kind: 'eval', case_id: 'c2', run_id: 'r1', status: 'pass' },
    ]);
    expect(text).toContain('100.0% pass rate over 1 undisputed identity');
    expect(text).toContain('the rate could be anywhere from 50.0% to 100.0%.');
  });
});

describe('eval identities filter', () => {
  afterEach(cleanup);

  it('narrows the table to one status and to labels holding a text, says how many of all, and says what to do when none match', async () => {
    await show([
      { kind: 'eval', case_id: 'login-01', run_id: 'r1', status: 'pass' },
      { kind: 'eval', case_id: 'login-02', run_id: 'r1', status: 'fail' },
      { kind: 'eval', case_id: 'search-01', run_id: 'r1', status: 'fail' },
      { kind: 'eval', case_id: 'search-02', run_id: 'r1', status: 'error' },
    ]);
    const rows = () => [...document.querySelectorAll('.eval-identities tbody tr')].map((tr) => within(tr as HTMLElement).getByRole('rowheader').textContent);
    expect(rows()).toHaveLength(4);
    // One live region from the start, empty until narrowed: a region inserted with its text is often not read out.
    const count = screen.getByRole('status');
    expect(count.textContent).toBe('');
    expect(screen.getByLabelText('Filter identities by label').getAttribute('placeholder')).toBe('Label contains…');
    const show_ = screen.getByLabelText('Show') as HTMLSelectElement;
    expect([...show_.options].map((o) => o.textContent)).toEqual(['All (4)', 'Fail (2)', 'Error (1)', 'Pass (1)']);
    fireEvent.change(show_, { target: { value: 'fail' } });
    expect(rows()).toEqual(['login-02 / r1', 'search-01 / r1']);
    expect(screen.getByRole('status')).toBe(count);
    expect(count.textContent).toBe('2 of 4');
    fireEvent.change(screen.getByLabelText('Filter identities by label'), { target: { value: 'SEARCH' } });
    expect(rows()).toEqual(['search-01 / r1']);
    fireEvent.change(show_, { target: { value: 'pass' } });
    expect(document.body.textContent).toContain('No identity matches; choose All and clear the text to see all 4.');
  });
});

describe('eval identities filter across analyses', () => {
  afterEach(cleanup);

  it('starts afresh with the next analysis: a status it has none of leaves no table stuck empty', async () => {
    await show([
      { kind: 'eval', case_id: 'a', run_id: 'r1', status: 'pass' },
      { kind: 'eval', case_id: 'b', run_id: 'r1', status: 'fail' },
    ]);
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'fail' } });
    fireEvent.change(screen.getByLabelText('Filter identities by label'), { target: { value: 'b' } });
    const next = await analysisOf({
      name: 'next.jsonl',
      lines: [
        { kind: 'eval', case_id: 'c', run_id: 'r1', status: 'pass' },
        { kind: 'eval', case_id: 'd', run_id: 'r1', status: 'pass' },
      ],
    });
    act(() => useStore.getState().setAnalysis(next, initialView(next, EMPTY_URL_VIEW, null)));
    expect(document.querySelectorAll('.eval-identities tbody tr')).toHaveLength(2);
    expect((screen.getByLabelText('Show') as HTMLSelectElement).value).toBe('all');
    expect((screen.getByLabelText('Filter identities by label') as HTMLInputElement).value).toBe('');
  });
});

describe('eval identities for assistive technology', () => {
  afterEach(cleanup);

  it("names the filter's group, each record's button by what it shows, and each disputed side by its identity", async () => {
    await show([
      { kind: 'eval', id: 'A', status: 'pass', note: 'looks right' },
      { kind: 'eval', id: 'A', status: 'fail', note: 'wrong total' },
      { kind: 'eval', id: 'b\u200b', status: 'pass' },
    ]);
    const group = screen.getByRole('group', { name: 'Filter identities' });
    expect(group.contains(screen.getByLabelText('Show'))).toBe(true);
    expect(group.contains(screen.getByLabelText('Filter identities by label'))).toBe(true);
    const table = document.querySelector('.eval-identities table') as HTMLElement;
    expect([...table.querySelectorAll('button')].map((b) => [b.getAttribute('aria-label'), b.textContent])).toEqual([
      ['Show line 1', 'line 1'],
      ['Show line 2', 'line 2'],
      ['Show line 3', 'line 3'],
    ]);
    // Each row is headed by its identity, so moving to its Records cell a screen reader says whose records they are.
    const bodyRows = within(table).getAllByRole('row').slice(1);
    expect(bodyRows.map((tr) => within(tr).getByRole('rowheader').textContent)).toEqual(['A', 'b⟨U+200B⟩']);
    expect(bodyRows.map((tr) => within(tr).getByRole('rowheader').getAttribute('scope'))).toEqual(['row', 'row']);
    const dispute = within(screen.getByRole('article', { name: 'Disputed A' }));
    expect(dispute.getAllByRole('button')).toEqual([
      dispute.getByRole('button', { name: 'Show A: status pass → pass looks right evals.jsonl:1' }),
      dispute.getByRole('button', { name: 'Show A: status fail → fail wrong total evals.jsonl:2' }),
    ]);
  });
});

describe('eval summary in raw file order', () => {
  afterEach(cleanup);

  it('lists the eval records found once per analysis, not by a pass over every record at each render', async () => {
    const analysis = await analysisOf({
      name: 'evals.jsonl',
      lines: [{ kind: 'eval', case_id: 'c1', run_id: 'r1', status: 'pass' }, { kind: 'input', id: 'i1', op: 'set', key: 'k', value: 1, accept_seq: 1 }],
    });
    useStore.getState().setAnalysis(analysis, initialView(analysis, EMPTY_URL_VIEW, null));
    act(() => useStore.getState().setRecordOrder('raw'));
    const passes = vi.spyOn(analysis.records, 'filter');
    const view = render(<EvalSummary />);
    view.rerender(<EvalSummary />);
    act(() => useStore.getState().setCutoff(1));
    expect(screen.getByRole('table', { name: /^Eval records/ })).toBeTruthy();
    expect(passes.mock.calls.length).toBeLessThanOrEqual(1);
    expect(evalRecordsOf(analysis)).toBe(evalRecordsOf(analysis));
    expect(evalRecordsOf(analysis).map((r) => r.kind)).toEqual(['eval']);
    act(() => useStore.getState().setRecordOrder('derived'));
  });
});

describe('eval identities with many records', () => {
  afterEach(cleanup);

  it('link the first five records of an identity and count the rest, however many times a case was recorded', async () => {
    await show([...Array.from({ length: 1000 }, () => ({ kind: 'eval', case_id: 'stuck', run_id: 'r1', status: 'error' })), { kind: 'eval', id: 'b', status: 'pass' }]);
    const table = document.querySelector('.eval-identities table') as HTMLElement;
    const stuck = within(table).getAllByRole('row').find((tr) => within(tr).queryByRole('rowheader')?.textContent === 'stuck / r1')!;
    expect(within(stuck).getAllByRole('button').map((b) => b.textContent)).toEqual(['line 1', 'line 2', 'line 3', 'line 4', 'line 5']);
    expect(stuck.textContent).toContain('and 995 more');
    const b = within(table).getAllByRole('row').find((tr) => within(tr).queryByRole('rowheader')?.textContent === 'b')!;
    expect(b.textContent).not.toContain('more');
  });
});

describe('a long table of eval identities', () => {
  afterEach(cleanup);

  it('lays out no row until opened', async () => {
    await show(Array.from({ length: 400 }, (_, i) => ({ kind: 'eval', case_id: `c${i}`, run_id: 'r1', status: 'pass' })));
    // What the table stands for in height: its rows and the spacers for those not rendered (this test's page lays out nothing, so spacers only).
    const laidOut = () =>
      [...document.querySelectorAll<HTMLElement>('.eval-identities tbody tr')].reduce((sum, tr) => sum + (tr.getAttribute('role') === 'presentation' ? parseFloat(tr.style.height) : 1), 0);
    expect(laidOut()).toBe(0);
    const details = document.querySelector('details.eval-identities') as HTMLDetailsElement;
    act(() => {
      details.open = true;
      fireEvent(details, new Event('toggle'));
    });
    // 400 rows at their estimated 30 px.
    expect(laidOut()).toBe(400 * 30);
  });
});
