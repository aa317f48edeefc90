// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { analysisOf } from '../state/testAnalysis';
import { useStore } from '../state/store';
import { initialView } from '../state/viewFromUrl';
import { EMPTY_URL_VIEW } from '../state/url';
import { EvalSummary } from './EvalSummary';

beforeEach(() => {
  Object.defineProperty(HTMLDivElement.prototype, 'clientHeight', { configurable: true, get: () => 300 });
  Object.defineProperty(HTMLTableRowElement.prototype, 'getBoundingClientRect', { configurable: true, value: () => ({ height: 30, width: 100, top: 0, left: 0, right: 100, bottom: 30, x: 0, y: 0 }) });
});

afterEach(() => {
  cleanup();
  delete (HTMLDivElement.prototype as unknown as Record<string, unknown>).clientHeight;
  delete (HTMLTableRowElement.prototype as unknown as Record<string, unknown>).getBoundingClientRect;
});

/** The identities' table of 1,000 evals, opened: long enough to draw only the rows in view. */
async function openLongTable(): Promise<HTMLElement> {
  const lines = Array.from({ length: 1000 }, (_, i) => ({ kind: 'eval', case_id: `c${String(i).padStart(4, '0')}`, run_id: 'r1', status: 'pass' }));
  const analysis = await analysisOf({ name: 'evals.jsonl', lines });
  useStore.getState().setAnalysis(analysis, initialView(analysis, EMPTY_URL_VIEW, null));
  render(<EvalSummary />);
  const details = document.querySelector('details.eval-identities') as HTMLDetailsElement;
  act(() => {
    details.open = true;
    fireEvent(details, new Event('toggle'));
  });
  return document.querySelector('.eval-identities table') as HTMLElement;
}

describe('a long table of eval identities', () => {
  it('gives a screen reader the number of rows and the place of each row drawn, the head being row 1', async () => {
    const table = await openLongTable();
    expect(table.getAttribute('aria-rowcount')).toBe('1001');
    const scroller = table.parentElement!;
    act(() => {
      scroller.scrollTop = 500 * 30;
      fireEvent.scroll(scroller);
    });
    const rows = within(table).getAllByRole('row');
    expect(rows[0]!.getAttribute('aria-rowindex')).toBe('1');
    const drawn = rows.slice(1).filter((tr) => tr.hasAttribute('data-index'));
    expect(drawn.length).toBeLessThan(100);
    for (const tr of drawn) expect(Number(tr.getAttribute('aria-rowindex'))).toBe(Number(tr.getAttribute('data-index')) + 2);
    expect(drawn.some((tr) => tr.getAttribute('aria-rowindex') === '502')).toBe(true);
    expect(screen.getByRole('rowheader', { name: /c0500/ }).closest('tr')!.getAttribute('aria-rowindex')).toBe('502');
  });

  it('keeps the row holding focus where it is when scrolled far from it, the rows in view after the room of those left out', async () => {
    const table = await openLongTable();
    const scroller = table.parentElement!;
    act(() => screen.getByRole('rowheader', { name: /c0003/ }).closest('tr')!.querySelector('button')!.focus());
    act(() => {
      scroller.scrollTop = 500 * 30;
      fireEvent.scroll(scroller);
    });
    const heights = [...table.querySelectorAll('tbody > tr')].map((tr) => (tr.hasAttribute('data-index') ? 30 : parseFloat((tr as HTMLElement).style.height)));
    const before = (index: number) => {
      const rows = [...table.querySelectorAll('tbody > tr')];
      const at = rows.indexOf(rows.find((tr) => tr.getAttribute('data-index') === String(index))!);
      return heights.slice(0, at).reduce((a, b) => a + b, 0);
    };
    expect(before(3)).toBe(3 * 30);
    expect(before(500)).toBe(500 * 30);
  });
});

