// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { analyze, type Analysis } from '../core/analyze';
import { loadText } from '../io/test/samples';
import { sessionOf } from '../state/selectors';
import { useStore } from '../state/store';
import { EMPTY_URL_VIEW } from '../state/url';
import { initialView } from '../state/viewFromUrl';
import type { ParsedInput } from '../core/model';
import { RawRecords } from './RawRecords';

const line = (session: string, id: string, seq: number) => JSON.stringify({ kind: 'input', id, op: 'allow', session, accept_seq: seq });

/**
 * RawRecords as the page renders it: its records and session taken from the analysis in the store in the
 * same render. Given as props from outside, a new analysis in the store re-rendered the table once with the
 * records of the old one, which it does not hold (a row without a key), before the new props came.
 */
function ShownSession({ session }: { session: string }) {
  const analysis = useStore((s) => s.analysis);
  const shown = analysis ? sessionOf(analysis, session) : null;
  return shown ? <RawRecords records={shown.records} label={`Session ${session}`} session={shown} /> : null;
}

/** `analysis` in the store, session `session` shown, as the page's load does. */
function showAnalysis(analysis: Analysis, session: string) {
  act(() => {
    useStore.getState().setAnalysis(analysis, initialView(analysis, EMPTY_URL_VIEW, null));
    useStore.getState().selectSession(session, null);
  });
}

async function open(text: string, session = 's') {
  const analysis = analyze([await loadText('run.jsonl', text)]);
  showAnalysis(analysis, session);
  return { analysis, ...render(<ShownSession session={session} />) };
}

function goTo(text: string) {
  fireEvent.change(screen.getByRole('textbox', { name: 'Go to line' }), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Go' }));
  return screen.getByRole('status');
}

describe('Go to line in raw file order', () => {
  afterEach(cleanup);

  it('selects the record at a line far past the first window and moves the window to it', async () => {
    const { analysis, container } = await open(Array.from({ length: 1000 }, (_, i) => line('s', `m${i + 1}`, i + 1)).join('\n'));
    expect(container.querySelector('.raw-caption')!.textContent).toMatch(/Rows 1–400\./);
    expect(goTo('850').textContent).toBe('Line 850 is selected.');
    const focus = useStore.getState().selection.focus;
    expect(focus === null ? null : analysis.records[focus]!.id).toBe('m850');
    expect(container.querySelector('.raw-caption')!.textContent).toMatch(/Rows 750–1000\./);
    expect(container.querySelector('tr.selected td')!.textContent).toBe('850');
    // A line number is written as it is, as the CLI and the findings write it; how many lines a file has is a count.
    expect(goTo('1000').textContent).toBe('Line 1000 is selected.');
    expect(container.querySelector('tr.selected td')!.textContent).toBe('1000');
    expect(goTo('x').textContent).toBe('Enter a line number, 1 to 1000.');
    expect(goTo('1001').textContent).toBe('There is no line 1001: run.jsonl has 1,000 lines.');
  });

  it('says a rejected line was rejected and why, a blank line is blank, and how many lines a file has past its end', async () => {
    await open([line('s', 'm1', 1), '{"kind": "input", "id": "m2\u200b", ', '', line('s', 'm4', 2)].join('\n'));
    const rejected = goTo('2');
    expect(rejected.textContent).toMatch(/^Line 2 was rejected: not valid JSON \(/);
    expect(useStore.getState().selection.focus).toBeNull();
    expect(goTo('3').textContent).toBe('Line 3 is blank.');
    expect(goTo('1,000').textContent).toBe('There is no line 1000: run.jsonl has 4 lines.');
    expect(goTo('two').textContent).toBe('Enter a line number, 1 to 4.');
  });

  it("names the session a line's record is in, and shows it there on request", async () => {
    const { analysis } = await open([line('s', 'm1', 1), line('t', 't1', 1)].join('\n'));
    expect(goTo('2').textContent).toBe('Line 2 is in session t, not this one. Show it in session t');
    expect(useStore.getState().selection.focus).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show it in session t' }));
    expect(useStore.getState().session).toBe('t');
    expect(analysis.records[useStore.getState().selection.focus!]!.id).toBe('t1');
  });

  it('drops what the last Go found once another analysis is shown: its record numbers are the old analysis\u2019s', async () => {
    await open([line('s', 'm1', 1), line('t', 't1', 1)].join('\n'));
    expect(goTo('2').textContent).toBe('Line 2 is in session t, not this one. Show it in session t');
    showAnalysis(analyze([await loadText('run.jsonl', [line('t', 't1', 1), line('s', 'm1', 1), line('s', 'm2', 2)].join('\n'))]), 's');
    expect(screen.getByRole('status').textContent).toBe('');
    expect(screen.queryByRole('button', { name: 'Show it in session t' })).toBeNull();
  });
});

describe('the file Go to line looks in', () => {
  afterEach(cleanup);

  /** Inputs each read again at their new place, as closing one has the rest analysed again; session s shown in raw file order. */
  async function show(names: readonly string[]) {
    const inputs: ParsedInput[] = [];
    for (const [k, name] of names.entries()) inputs.push(await loadText(name, [line('s', `${name}-1`, k * 10 + 1), line('s', `${name}-2`, k * 10 + 2)].join('\n'), k));
    const analysis = analyze(inputs);
    showAnalysis(analysis, 's');
    return analysis;
  }
  const chosenName = () => {
    const select = screen.getByRole('combobox', { name: 'in file' }) as HTMLSelectElement;
    return select.options[select.selectedIndex]!.textContent;
  };
  const focusedId = (analysis: { records: readonly { id: string | number }[] }) => analysis.records[useStore.getState().selection.focus!]!.id;

  it('stays the file chosen when a file before it is closed', async () => {
    await show(['a.jsonl', 'b.jsonl', 'c.jsonl']);
    render(<ShownSession session="s" />);
    fireEvent.change(screen.getByRole('combobox', { name: 'in file' }), { target: { value: '1' } });
    expect(chosenName()).toBe('b.jsonl');
    const after = await show(['b.jsonl', 'c.jsonl']);
    expect(chosenName()).toBe('b.jsonl');
    expect(goTo('2').textContent).toBe('Line 2 of b.jsonl is selected.');
    expect(focusedId(after)).toBe('b.jsonl-2');
  });

  it("is the file of the table's first record once the file chosen is closed, not the one that took its place", async () => {
    await show(['a.jsonl', 'b.jsonl', 'c.jsonl']);
    render(<ShownSession session="s" />);
    fireEvent.change(screen.getByRole('combobox', { name: 'in file' }), { target: { value: '1' } });
    const after = await show(['a.jsonl', 'c.jsonl']);
    expect(chosenName()).toBe('a.jsonl');
    expect(goTo('1').textContent).toBe('Line 1 of a.jsonl is selected.');
    expect(focusedId(after)).toBe('a.jsonl-1');
  });
});
