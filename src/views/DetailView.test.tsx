// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { analyze, type Analysis } from '../core/analyze';
import type { ParsedInput } from '../core/model';
import { loadText } from '../io/test/samples';
import { useStore } from '../state/store';
import { analysisOf } from '../state/testAnalysis';
import { EMPTY_URL_VIEW } from '../state/url';
import { initialView } from '../state/viewFromUrl';
import { DetailView } from './DetailView';

const runState = JSON.stringify(
  {
    $schemaVersion: '1.17',
    current_agent: { name: 'agent' },
    original_input: 'historical input',
    model_responses: [{ output: [], response_id: 'resp_1', usage: {} }],
    generated_items: [],
  },
  null,
  2,
);

/** The detail view of record `index`: the heading over its raw text, and that text. */
function rawOf(analysis: Analysis, index: number): { heading: string; text: string } {
  useStore.getState().setAnalysis(analysis, initialView(analysis, EMPTY_URL_VIEW, null));
  useStore.getState().selectRecord(index);
  render(<DetailView />);
  const detail = screen.getByRole('region', { name: 'Record' });
  const pre = detail.querySelector('pre.raw-line')!;
  return { heading: pre.previousElementSibling!.textContent!, text: pre.textContent! };
}

/** The detail view's summary line for record `index`, at `cutoff` if one is given. */
function summaryLineOf(analysis: Analysis, index: number, cutoff?: number): string {
  useStore.getState().setAnalysis(analysis, initialView(analysis, EMPTY_URL_VIEW, null));
  if (cutoff !== undefined) useStore.getState().setCutoff(cutoff);
  useStore.getState().selectRecord(index);
  render(<DetailView />);
  const text = screen.getByRole('region', { name: 'Record' }).querySelector('.detail-summary')!.textContent!;
  cleanup();
  return text;
}

/** The input as if no reader had found where its records are written. */
const withoutSpans = (input: ParsedInput): ParsedInput => ({ ...input, records: input.records.map((r) => ({ ...r, offset: -1, length: 0 })) });

describe('the raw text of a record in the detail view', () => {
  afterEach(cleanup);

  it("shows a RunState's input string as the file holds it, not Seqscope's fields", async () => {
    const input = await loadText('state.json', runState);
    const raw = rawOf(analyze([input]), input.records.findIndex((r) => r.id === 'original_input'));
    expect(raw).toEqual({ heading: 'Item 2, exactly as in the file', text: '"historical input"' });
  });

  it("says a derived record whose text was not found is shown as Seqscope read it, not as the file's text", async () => {
    const input = withoutSpans(await loadText('state.json', runState));
    const raw = rawOf(analyze([input]), 1);
    expect(raw.heading).toBe("Item 2 as Seqscope read it, not the file's text (its text was not found in the file)");
    expect(JSON.parse(raw.text)).toMatchObject({ kind: 'input', id: 'original_input', agents: 'historical input' });
  });

  it('says an item of a native JSON array is its object re-serialised', async () => {
    const input = await loadText('records.json', JSON.stringify([{ kind: 'input', id: 'a', op: 'allow', accept_seq: 1 }]));
    const raw = rawOf(analyze([input]), 0);
    expect(raw.heading).toBe('Item 1 of a JSON document (re-serialised)');
    expect(within(screen.getByRole('region', { name: 'Record' })).queryByText(/as Seqscope read it/)).toBeNull();
  });
});

describe('an input whose op the engine does not read', () => {
  afterEach(cleanup);

  it('says in the summary that it changes nothing, which an input that sets a key does not', async () => {
    const lines = [
      { kind: 'input', id: 'x', op: 'Revoke', accept_seq: 1 },
      { kind: 'input', id: 'y', op: 'revoke', accept_seq: 2 },
    ];
    const analysis = await analysisOf({ name: 'ops.jsonl', lines });
    const summaryOf = (index: number) => summaryLineOf(analysis, index);
    expect(summaryOf(0)).toContain('op not read: changes nothing');
    expect(summaryOf(1)).not.toContain('changes nothing');
  });
});

describe('the summary of an eval record', () => {
  afterEach(cleanup);

  it('names its identity, and marks only an identity that cannot tell runs apart or is missing', async () => {
    const lines = [
      { kind: 'eval', case_id: 'refund-01', run_id: 'nightly-0915', status: 'pass' },
      { kind: 'eval', case_id: 'smoke', status: 'fail' },
      { kind: 'eval', status: 'fail' },
      { kind: 'eval', id: 'A', case_id: 'c', status: 'pass' },
    ];
    const analysis = await analysisOf({ name: 'evals.jsonl', lines });
    const summaryOf = (index: number) => summaryLineOf(analysis, index);
    expect(summaryOf(0)).toBe('eval refund-01 / nightly-0915 (case_id / run_id)');
    expect(summaryOf(1)).toBe('eval smoke no run_id');
    expect(summaryOf(2)).toBe('eval evals.jsonl:3 no id');
    expect(summaryOf(3)).toBe('eval A');
  });
});

describe('the summary of a record marked by a badge', () => {
  afterEach(cleanup);

  it('keeps each badge a word of its own, not run into the part before it', async () => {
    const lines = [
      { kind: 'input', id: 'a', op: 'allow', accept_seq: 1 },
      { kind: 'input', id: 'b', op: 'allow', accept_seq: 2 },
      { kind: 'input', op: 'allow', accept_seq: 3 },
    ];
    const analysis = await analysisOf({ name: 'after.jsonl', lines });
    const summaryOf = (index: number) => summaryLineOf(analysis, index, 1);
    expect(summaryOf(0)).not.toContain('accepted after');
    expect(summaryOf(1)).toMatch(/accept_seq 2 accepted after N = 1$/);
    expect(summaryOf(2)).toMatch(/ no id · /);
  });
});

describe('a record accepted after the cutoff', () => {
  afterEach(cleanup);

  /** The panel for record `index` at cutoff 1, left rendered. */
  function panelAt(analysis: Analysis, index: number): HTMLElement {
    useStore.getState().setAnalysis(analysis, initialView(analysis, EMPTY_URL_VIEW, null));
    useStore.getState().setCutoff(1);
    useStore.getState().selectRecord(index);
    render(<DetailView />);
    return screen.getByRole('region', { name: 'Record' });
  }

  it('says why it is dim, and moves N to its step in one click; N never moves by itself', async () => {
    const lines = [
      { kind: 'input', id: 'a', op: 'allow', accept_seq: 1 },
      { kind: 'input', id: 'b', op: 'revoke', accept_seq: 2 },
      { kind: 'input', id: 'c', op: 'allow', accept_seq: 3, accepted: false },
    ];
    const analysis = await analysisOf({ name: 'after.jsonl', lines });
    const panel = panelAt(analysis, 1);
    expect(panel.querySelector('.detail-after')?.textContent).toBe('Accepted after the cutoff N = 1, so it is shown dimmed. Move N to 2');
    expect(useStore.getState().cutoff).toBe(1);
    fireEvent.click(within(panel).getByRole('button', { name: 'Move N to 2' }));
    expect(useStore.getState().cutoff).toBe(2);
    expect(panel.querySelector('.detail-after')).toBeNull();
    cleanup();
    expect(panelAt(analysis, 0).querySelector('.detail-after')).toBeNull();
    cleanup();
    // Never accepted: no step of the acceptance order to move N to.
    expect(panelAt(analysis, 2).querySelector('.detail-after')).toBeNull();
  });
});

describe('the record panel before a record is chosen', () => {
  afterEach(cleanup);

  /** The panel's words with nothing chosen. */
  async function promptOf(name: string, text: string): Promise<string> {
    const analysis = analyze([await loadText(name, text)]);
    useStore.getState().setAnalysis(analysis, initialView(analysis, EMPTY_URL_VIEW, null));
    useStore.getState().selectRecord(null);
    render(<DetailView />);
    const words = screen.getByRole('region', { name: 'Record' }).querySelector('p.muted')!.textContent!;
    cleanup();
    return words;
  }

  it('says no record was read, and why, where no input holds one, not to select a mark that is not there', async () => {
    expect(await promptOf('empty.jsonl', '')).toBe('No record was read, so there is no record to show: the input is empty.');
    expect(await promptOf('blank.jsonl', '\n  \n')).toBe('No record was read, so there is no record to show: all 2 lines are blank.');
    expect(await promptOf('bad.jsonl', 'nope\n{"kind":1}\n')).toBe('No line was read as a record, so there is no record to show; the rejected lines above say why.');
  });

  it('names only the views a record can be chosen from', async () => {
    const session = JSON.stringify({ kind: 'input', id: 'a', op: 'allow', session: 's', accept_seq: 1 });
    expect(await promptOf('clean.jsonl', session)).toBe("Select a mark in the order view or a link to see a record's fields, its raw line and what it refers to.");
    const evals = [{ kind: 'eval', id: 'c', status: 'pass' }, { kind: 'eval', id: 'c', status: 'fail' }].map((l) => JSON.stringify(l)).join('\n');
    expect(await promptOf('evals.jsonl', evals)).toBe("Select a finding or an eval result to see a record's fields, its raw line and what it refers to.");
  });
});
