// @vitest-environment happy-dom
import { join } from 'node:path';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { analyze } from '../core/analyze';
import { fixturesDir, loadFile, loadText } from '../io/test/samples';
import { useStore } from '../state/store';
import { initialView } from '../state/viewFromUrl';
import { EMPTY_URL_VIEW } from '../state/url';
import { RawRecords } from './RawRecords';
import { RAW_ROW_PX } from './rawRowWindow';

const THREAD = '0199cccc-0000-7000-8000-000000000003';

/** A session of 1,000 inputs in raw file order, the record at `selected` selected. */
async function showThousandRows(selected: number) {
  const lines = Array.from({ length: 1000 }, (_, i) => JSON.stringify({ kind: 'input', id: `a${i}`, op: 'allow', session: 's', accept_seq: i + 1 }));
  const analysis = analyze([await loadText('s.jsonl', lines.join('\n'))]);
  useStore.getState().setAnalysis(analysis, initialView(analysis, EMPTY_URL_VIEW, null));
  const session = analysis.sessions[0]!;
  useStore.getState().focusRecord(analysis.records.indexOf(session.records[selected]!));
  return render(<RawRecords records={session.records} label="Session" session={session} />);
}

describe('raw file order table', () => {
  afterEach(cleanup);

  it('puts a separator row for each rollback, compaction or aborted turn before the first record at or after its line', async () => {
    const analysis = analyze([await loadFile(join(fixturesDir, 'codex-paginated-boundaries.jsonl'), 0, 'b.jsonl')]);
    useStore.getState().setAnalysis(analysis, initialView(analysis, EMPTY_URL_VIEW, null));
    const session = analysis.sessions.find((s) => s.session === THREAD)!;
    const { container } = render(<RawRecords records={session.records} label="Session" session={session} />);
    const rows = [...container.querySelectorAll('tbody tr')].map((tr) => (tr.classList.contains('raw-boundary') ? `— ${tr.textContent}` : tr.querySelector('td:nth-child(2)')!.textContent));
    expect(rows).toEqual([
      '1', '2', '3', '5', '4', '6', '7', '8', '9',
      '— turn aborted · turn turn-b aborted (interrupted) · line 10',
      '10',
      '— rollback · thread rolled back 1 turn · line 11 · takes lines 8–10 out of the effective history (kept and shown)',
      '11',
      '— compaction · history compacted into a summary and 1 kept item · line 12',
      '12',
      '— compaction · context compacted · line 13',
      '13', '14', '15', '16', '17',
    ]);
    expect(container.querySelector('.raw-caption')!.textContent).toMatch(/4 boundaries where the effective history changes are rows of their own/);
  });

  it('says which records the host never accepted, beside their accept_seq, rather than only dimming them like those after N', async () => {
    const lines = [
      { kind: 'input', id: 'a1', op: 'allow', session: 's', accept_seq: 1 },
      { kind: 'input', id: 'a2', op: 'revoke', session: 's', accept_seq: 2 },
      { kind: 'input', id: 'a3', op: 'allow', session: 's', accepted: false },
      { kind: 'input', id: 'a4', op: 'allow', session: 's', accepted: false, accept_seq: 3 },
    ];
    const analysis = analyze([await loadText('s.jsonl', lines.map((l) => JSON.stringify(l)).join('\n'))]);
    useStore.getState().setAnalysis(analysis, { ...initialView(analysis, EMPTY_URL_VIEW, null), cutoff: 1 });
    const session = analysis.sessions[0]!;
    const { container } = render(<RawRecords records={session.records} label="Session" session={session} />);
    const seqCells = [...container.querySelectorAll('tbody tr')].map((tr) => tr.querySelector('td:nth-child(6)')!.textContent);
    expect(seqCells).toEqual(['1', '2 · after N', '— · not accepted', '3 · not accepted']);
  });

  it("names each row's button by the line it shows, and by file and line when several files are open", async () => {
    const lines = [{ kind: 'input', id: 'a1', op: 'allow', session: 's', accept_seq: 1 }].map((l) => JSON.stringify(l)).join('\n');
    const one = analyze([await loadText('s.jsonl', lines)]);
    useStore.getState().setAnalysis(one, initialView(one, EMPTY_URL_VIEW, null));
    render(<RawRecords records={one.sessions[0]!.records} label="Session" session={one.sessions[0]!} />);
    expect(screen.getByRole('button', { name: 'Show line 1' }).textContent).toBe('1');
    cleanup();
    const two = analyze([await loadText('a.jsonl', lines, 0), await loadText('b\u200b.jsonl', lines, 1)]);
    useStore.getState().setAnalysis(two, initialView(two, EMPTY_URL_VIEW, null));
    render(<RawRecords records={two.sessions[0]!.records} label="Session" session={two.sessions[0]!} />);
    expect(screen.getByRole('button', { name: 'Show a.jsonl:1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show b⟨U+200B⟩.jsonl:1' })).toBeTruthy();
  });
});

describe('raw file order table, long', () => {
  afterEach(cleanup);

  it('mounts only the rows around the selection, with spacers standing for the rest of its window at their height', async () => {
    const { container } = await showThousandRows(700);
    const rows = [...container.querySelectorAll<HTMLTableRowElement>('tbody tr')];
    const spacers = rows.filter((tr) => tr.classList.contains('raw-spacer'));
    const shown = rows.filter((tr) => !tr.classList.contains('raw-spacer'));
    expect(container.querySelector('.raw-caption')!.textContent).toMatch(/Rows 601–1000\./);
    expect(shown.length).toBeLessThan(60);
    expect(shown.map((tr) => tr.querySelector('td')!.textContent)).toContain('701');
    expect(container.querySelector('tr.selected td')!.textContent).toBe('701');
    const spacerRows = spacers.reduce((sum, tr) => sum + parseFloat(tr.querySelector('td')!.style.height) / RAW_ROW_PX, 0);
    expect(spacerRows + shown.length).toBe(400);
    // The first row mounted follows the rows the spacer above stands for: the window stays in order.
    const above = parseFloat(spacers[0]!.querySelector('td')!.style.height) / RAW_ROW_PX;
    expect(shown[0]!.querySelector('td')!.textContent).toBe(String(601 + above));
  });

  it('keeps the row holding keyboard focus mounted, and focused, when the table scrolls far from it', async () => {
    const { container } = await showThousandRows(0);
    const button = screen.getByRole('button', { name: 'Show line 3' });
    act(() => button.focus());
    expect(document.activeElement).toBe(button);
    const scroller = container.querySelector<HTMLDivElement>('.raw-scroll')!;
    act(() => {
      scroller.scrollTop = 300 * RAW_ROW_PX;
      fireEvent.scroll(scroller);
    });
    const shown = () => [...container.querySelectorAll('tbody tr:not(.raw-spacer)')].map((tr) => tr.querySelector('td')!.textContent);
    // The rows in view around row 301, and row 3 alone above them, where it stands.
    expect(shown()).toContain('301');
    expect(shown()[0]).toBe('3');
    expect(shown()[1]).not.toBe('4');
    expect(document.activeElement).toBe(button);
    const spacerRows = [...container.querySelectorAll<HTMLElement>('tr.raw-spacer td')].reduce((sum, td) => sum + parseFloat(td.style.height) / RAW_ROW_PX, 0);
    expect(spacerRows + shown().length).toBe(400);
    // Focus gone elsewhere, the row is let go.
    act(() => button.blur());
    act(() => fireEvent.scroll(scroller));
    expect(shown()).not.toContain('3');
  });
});
