// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { analyze } from '../core/analyze';
import { loadText } from '../io/test/samples';
import { useStore } from '../state/store';
import { EMPTY_URL_VIEW } from '../state/url';
import { initialView } from '../state/viewFromUrl';
import { DetailView, RAW_SHOWN_CHARS } from './DetailView';
import { LINKS_SHOWN } from './RecordLinksList';
import { CHIPS_SHOWN } from './SelectionChips';
import { FIELD_SHOWN_CHARS, FIELDS_SHOWN } from './RecordFields';
import { formatCount } from './format';

describe('long log text', () => {
  afterEach(cleanup);

  it('keeps a record with a line of millions of characters from being laid out whole when it is selected', async () => {
    const long = JSON.stringify({ kind: 'input', id: 'big', op: 'set', key: 'blob', value: 'x'.repeat(RAW_SHOWN_CHARS * 2), accept_seq: 1 });
    const analysis = analyze([await loadText('big.jsonl', long)]);
    useStore.getState().setAnalysis(analysis, initialView(analysis, EMPTY_URL_VIEW, null));
    useStore.getState().selectRecord(0);
    render(<DetailView />);
    const detail = screen.getByRole('region', { name: 'Record' });
    const pre = detail.querySelector('pre.raw-line')!;
    expect(pre.textContent!.length).toBeLessThan(RAW_SHOWN_CHARS + 200);
    expect(detail.querySelector('.field-value')!.textContent!.length).toBeLessThan(10_000);
    fireEvent.click(screen.getByRole('button', { name: /Show the whole line/ }));
    expect(pre.textContent).toBe(long);
  });
});

/** The detail view of a log of one line, that line's record chosen. */
async function showOnlyRecord(line: string): Promise<HTMLElement> {
  const analysis = analyze([await loadText('big.jsonl', line)]);
  useStore.getState().setAnalysis(analysis, initialView(analysis, EMPTY_URL_VIEW, null));
  useStore.getState().selectRecord(0);
  render(<DetailView />);
  return screen.getByRole('region', { name: 'Record' });
}

/** `shown` holds the first `first` characters of `whole` and nothing else; `button`, outside it, shows the whole and then the first part again, keeping focus. */
function expectCutToggleKeepingFocus(shown: Element, button: HTMLElement, whole: string, first: number) {
  expect(shown.textContent).toBe(whole.slice(0, first));
  expect(shown.contains(button)).toBe(false);
  button.focus();
  fireEvent.click(button);
  expect(shown.textContent).toBe(whole);
  expect(document.activeElement).toBe(button);
  expect([button.textContent, button.getAttribute('aria-expanded')]).toEqual([`Show the first ${formatCount(first)} characters`, 'true']);
  fireEvent.click(button);
  expect(shown.textContent).toBe(whole.slice(0, first));
  expect(button.getAttribute('aria-expanded')).toBe('false');
  expect(document.activeElement).toBe(button);
}

describe('a raw line cut short in the detail view', () => {
  afterEach(cleanup);

  it('holds only the line, and its button stays, keeping focus, to show the whole line and the first part again', async () => {
    const long = JSON.stringify({ kind: 'input', id: 'big', op: 'set', key: 'blob', value: 'x'.repeat(RAW_SHOWN_CHARS + 50), accept_seq: 1 });
    const pre = (await showOnlyRecord(long)).querySelector('pre.raw-line')!;
    // What a copy of the raw line takes: the line's own text, never a button's.
    expectCutToggleKeepingFocus(pre, screen.getByRole('button', { name: /^Show the whole line/ }), long, RAW_SHOWN_CHARS);
  });
});

describe('a field value cut short in the detail view', () => {
  afterEach(cleanup);

  async function showRecordWithValue(value: string) {
    const detail = await showOnlyRecord(JSON.stringify({ kind: 'input', id: 'big', op: 'set', key: 'blob', value, accept_seq: 1 }));
    const row = [...detail.querySelectorAll('table.fields tr')].find((r) => r.querySelector('th')!.textContent === 'value')!;
    return row.querySelector('.field-value .field-text')!;
  }

  it('holds only the value, and its button stays, keeping focus, to show the whole value and the first part again', async () => {
    const value = 'v'.repeat(FIELD_SHOWN_CHARS + 30);
    const text = await showRecordWithValue(value);
    const button = screen.getByRole('button', { name: `Show the whole value (${formatCount(FIELD_SHOWN_CHARS + 30)} characters; 30 more)` });
    expect(text.parentElement!.contains(button)).toBe(true);
    // What a copy of the value takes: the value's own text, never a button's.
    expectCutToggleKeepingFocus(text, button, value, FIELD_SHOWN_CHARS);
  });

  it('is not cut inside an emoji, and is drawn whole exactly', async () => {
    const value = `${'a'.repeat(FIELD_SHOWN_CHARS - 1)}😀${'b'.repeat(20)}`;
    const text = await showRecordWithValue(value);
    expect(text.textContent).toBe('a'.repeat(FIELD_SHOWN_CHARS - 1));
    fireEvent.click(screen.getByRole('button', { name: /^Show the whole value \(.* characters; 22 more\)$/ }));
    expect(text.textContent).toBe(value);
  });

  it('offers no button for a value within the limit', async () => {
    const value = 'w'.repeat(FIELD_SHOWN_CHARS);
    expect((await showRecordWithValue(value)).textContent).toBe(value);
    expect(screen.queryByRole('button', { name: /Show the whole value/ })).toBeNull();
  });
});

describe('a record of many fields', () => {
  afterEach(cleanup);

  it('lists its first fields and the rest on request, so choosing it does not lay out thousands of rows', async () => {
    const wide: Record<string, unknown> = { kind: 'input', id: 'wide', op: 'allow', accept_seq: 1 };
    for (let i = 0; i < FIELDS_SHOWN + 50; i++) wide[`f${i}`] = i;
    const analysis = analyze([await loadText('wide.jsonl', JSON.stringify(wide))]);
    useStore.getState().setAnalysis(analysis, initialView(analysis, EMPTY_URL_VIEW, null));
    useStore.getState().selectRecord(0);
    render(<DetailView />);
    const detail = screen.getByRole('region', { name: 'Record' });
    expect(detail.querySelectorAll('table.fields tr').length).toBe(FIELDS_SHOWN);
    expect(detail.textContent).toContain('54 more fields.');
    fireEvent.click(screen.getByRole('button', { name: `Show all ${FIELDS_SHOWN + 54} fields` }));
    expect(detail.querySelectorAll('table.fields tr').length).toBe(FIELDS_SHOWN + 54);
  });
});

describe('a response that thousands of requests continue from', () => {
  afterEach(cleanup);

  it('lists the first records that refer to it and the rest on request', async () => {
    const lines = [{ kind: 'response', id: 'r0', response_id: 'resp_0', accept_seq: 0 }];
    for (let i = 1; i <= LINKS_SHOWN + 10; i++) lines.push({ kind: 'request', id: `q${i}`, previous_response_id: 'resp_0', accept_seq: i } as never);
    const analysis = analyze([await loadText('refs.jsonl', lines.map((l) => JSON.stringify(l)).join('\n'))]);
    useStore.getState().setAnalysis(analysis, initialView(analysis, EMPTY_URL_VIEW, null));
    useStore.getState().selectRecord(0);
    render(<DetailView />);
    const links = () => screen.getByRole('region', { name: 'Record' }).querySelectorAll('.links li').length;
    expect(links()).toBe(LINKS_SHOWN);
    fireEvent.click(screen.getByRole('button', { name: `Show all ${LINKS_SHOWN + 10}` }));
    expect(links()).toBe(LINKS_SHOWN + 10);
  });
});

describe('a compaction that names thousands of response ids', () => {
  afterEach(cleanup);

  it('lists the first ids it refers to and the rest on request', async () => {
    const lines: object[] = [];
    for (let i = 0; i < LINKS_SHOWN + 30; i++) lines.push({ kind: 'response', id: `r${i}`, response_id: `resp_${i}`, accept_seq: i });
    lines.push({ kind: 'request', id: 'compact', refs: lines.map((_, i) => `resp_${i}`), accept_seq: LINKS_SHOWN + 30 });
    const analysis = analyze([await loadText('refs.jsonl', lines.map((l) => JSON.stringify(l)).join('\n'))]);
    useStore.getState().setAnalysis(analysis, initialView(analysis, EMPTY_URL_VIEW, null));
    useStore.getState().selectRecord(LINKS_SHOWN + 30);
    render(<DetailView />);
    const refersTo = () => [...screen.getByRole('region', { name: 'Record' }).querySelectorAll('.links li')].filter((li) => li.textContent!.startsWith('refers to')).length;
    expect(refersTo()).toBe(LINKS_SHOWN);
    expect(screen.getByRole('region', { name: 'Record' }).textContent).toContain('30 more links (ids it refers to');
    fireEvent.click(screen.getByRole('button', { name: `Show all ${LINKS_SHOWN + 30}` }));
    expect(refersTo()).toBe(LINKS_SHOWN + 30);
  });
});

describe('a finding that names thousands of records', () => {
  afterEach(cleanup);

  it('offers a chip for its first records and the focused one, and the rest on request', async () => {
    const lines = Array.from({ length: CHIPS_SHOWN + 20 }, (_, k) => JSON.stringify({ kind: 'eval', id: 'A', status: k % 2 ? 'pass' : 'fail', note: `n${k}` }));
    const analysis = analyze([await loadText('evals.jsonl', lines.join('\n'))]);
    useStore.getState().setAnalysis(analysis, initialView(analysis, EMPTY_URL_VIEW, null));
    const finding = analysis.findings.findIndex((f) => f.code === 'eval-conflict');
    const records = analysis.findings[finding]!.recordIndex;
    useStore.getState().selectFinding(finding, records, records.at(-1)!);
    render(<DetailView />);
    const chips = () => [...document.querySelectorAll('.selection-chips .chip')].map((c) => c.textContent!);
    expect(chips().length).toBe(CHIPS_SHOWN + 1);
    expect(chips().at(-1)).toContain(`evals.jsonl:${CHIPS_SHOWN + 20}`);
    fireEvent.click(screen.getByRole('button', { name: `Show all ${CHIPS_SHOWN + 20} records` }));
    expect(chips().length).toBe(CHIPS_SHOWN + 20);
  });
});

describe('a response id that thousands of responses create', () => {
  afterEach(cleanup);

  it('lists the first responses that create an id referred to and the rest on request', async () => {
    const creators = LINKS_SHOWN + 20;
    const lines: object[] = [];
    for (let i = 0; i < creators; i++) lines.push({ kind: 'response', id: `r${i}`, response_id: 'resp_dup', accept_seq: i });
    lines.push({ kind: 'request', id: 'q', previous_response_id: 'resp_dup', accept_seq: creators });
    const analysis = analyze([await loadText('dups.jsonl', lines.map((l) => JSON.stringify(l)).join('\n'))]);
    useStore.getState().setAnalysis(analysis, initialView(analysis, EMPTY_URL_VIEW, null));
    useStore.getState().selectRecord(creators);
    render(<DetailView />);
    const detail = screen.getByRole('region', { name: 'Record' });
    const creatorLinks = () => detail.querySelectorAll('.links .record-link').length;
    // The reference's own row names the first; each of the others is a row of its own, LINKS_SHOWN of them until asked.
    expect(creatorLinks()).toBe(1 + LINKS_SHOWN);
    expect(detail.querySelectorAll('.links li')[0]!.textContent).toMatch(/^refers to resp_dup r0 /);
    expect(detail.textContent).toContain('19 more links (ids it refers to and the responses that create them');
    fireEvent.click(screen.getByRole('button', { name: `Show all ${creators}` }));
    expect(creatorLinks()).toBe(creators);
    expect(detail.querySelectorAll('.links li')[creators - 1]!.textContent).toMatch(new RegExp(`^also created by r${creators - 1} `));
  });
});
