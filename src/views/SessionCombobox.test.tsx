// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Analysis } from '../core/analyze';
import { analysisOf } from '../state/testAnalysis';
import { useStore } from '../state/store';
import { initialView } from '../state/viewFromUrl';
import { EMPTY_URL_VIEW } from '../state/url';
import { SELECT_UP_TO, SessionPicker } from './SessionPicker';

/** Sessions `run-0000` … plus a few named to be searched for; the billing one has three accept_seq, the rest one or two. */
function lines(count: number): object[] {
  const out: object[] = [];
  for (let i = 0; i < count; i++) out.push({ kind: 'input', id: `r${i}`, op: 'set', key: 'k', value: 'v', session: `run-${String(i).padStart(4, '0')}`, accept_seq: 1 });
  out.push({ kind: 'input', id: 'b1', op: 'set', key: 'k', value: 'v', session: 'Billing-EU', accept_seq: 1 });
  out.push({ kind: 'input', id: 'b2', op: 'set', key: 'k', value: 'v', session: 'Billing-EU', accept_seq: 3 });
  out.push({ kind: 'input', id: 'b3', op: 'set', key: 'k', value: 'v', session: 'billing-us', accept_seq: 1 });
  out.push({ kind: 'input', id: 'z1', op: 'set', key: 'k', value: 'v', session: 'chat\u200D', accept_seq: 1 });
  return out;
}

let big: Analysis;
/** The same sessions and one named "" (empty), with two records. */
let withEmpty: Analysis;
const TOTAL = 1_203;

beforeAll(async () => {
  big = await analysisOf({ name: 'wide.jsonl', lines: lines(TOTAL - 3) });
  const empty = [1, 2].map((n) => ({ kind: 'input', id: `e${n}`, op: 'set', key: 'k', value: 'v', session: '', accept_seq: n }));
  withEmpty = await analysisOf({ name: 'empty.jsonl', lines: [...lines(TOTAL - 3), ...empty] });
});

/** The searched picker loads lazily, so it is found once it has come. */
async function show(analysis: Analysis, session: string) {
  useStore.getState().setAnalysis(analysis, initialView(analysis, { ...EMPTY_URL_VIEW, session }, null));
  render(<SessionPicker />);
  return (await screen.findByRole('combobox', { name: 'Session' })) as HTMLInputElement;
}

const activeText = (input: HTMLInputElement) => document.getElementById(input.getAttribute('aria-activedescendant') ?? '')?.textContent;
const options = () => screen.queryAllByRole('option');
const type = (input: HTMLInputElement, text: string) => fireEvent.change(input, { target: { value: text } });
const key = (input: HTMLInputElement, k: string, init: object = {}) => fireEvent.keyDown(input, { key: k, ...init });

describe('searchable session picker', () => {
  afterEach(cleanup);

  it('is a native select up to the threshold and a combobox above it', async () => {
    const small = await analysisOf({ name: 'few.jsonl', lines: lines(SELECT_UP_TO - 3) });
    useStore.getState().setAnalysis(small, initialView(small, EMPTY_URL_VIEW, null));
    const { container, unmount } = render(<SessionPicker />);
    expect(small.sessions).toHaveLength(SELECT_UP_TO);
    expect(container.querySelectorAll('select option')).toHaveLength(SELECT_UP_TO);
    expect(screen.queryByRole('combobox')).toBeInstanceOf(HTMLSelectElement);
    unmount();
    const input = await show(big, 'run-0005');
    expect(input.tagName).toBe('INPUT');
    expect(input.value).toBe('run-0005');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(document.querySelector('select')).toBeNull();
  });

  it('opens on ArrowDown with the shown session active, rendering only the rows near it', async () => {
    const input = await show(big, 'run-0500');
    key(input, 'ArrowDown');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-controls')!)?.getAttribute('role')).toBe('listbox');
    expect(activeText(input)).toBe('run-05001 record · shown');
    expect(screen.getByRole('status').textContent).toBe('1,203 sessions · type part of a name to narrow them');
    expect(options().length).toBeGreaterThan(0);
    expect(options().length).toBeLessThan(40);
  });

  it('filters by part of the name, ignoring case, and says how many match', async () => {
    const input = await show(big, 'run-0005');
    type(input, 'BILL');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('2 of 1,203 sessions');
    expect(options().map((o) => o.textContent)).toEqual(['Billing-EU2 records', 'billing-us1 record']);
    expect(activeText(input)).toBe('Billing-EU2 records');
  });

  it('walks the matches with the arrows, Home, End, PageUp and PageDown while focus stays in the input', async () => {
    const input = await show(big, 'run-0005');
    input.focus();
    type(input, 'run-00');
    Object.defineProperty(document.querySelector('.session-scroll')!, 'clientHeight', { value: 400 });
    expect(activeText(input)).toBe('run-00001 record');
    key(input, 'ArrowDown');
    key(input, 'ArrowDown');
    expect(activeText(input)).toBe('run-00021 record');
    key(input, 'ArrowUp');
    expect(activeText(input)).toBe('run-00011 record');
    key(input, 'End');
    expect(activeText(input)).toBe('run-00991 record');
    key(input, 'PageUp');
    expect(activeText(input)).toBe('run-00901 record');
    key(input, 'Home');
    key(input, 'PageDown');
    expect(activeText(input)).toBe('run-00091 record');
    expect(document.activeElement).toBe(input);
    expect(useStore.getState().session).toBe('run-0005');
  });

  it('shows the session chosen with Enter, at its last acceptance step, and closes', async () => {
    const input = await show(big, 'run-0005');
    type(input, 'billing');
    key(input, 'Enter');
    expect(useStore.getState().session).toBe('Billing-EU');
    expect(useStore.getState().cutoff).toBe(3);
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.value).toBe('Billing-EU');
    expect(input.hasAttribute('aria-activedescendant')).toBe(false);
  });

  it('shows the session clicked, without the press taking focus from the input', async () => {
    const input = await show(big, 'run-0005');
    input.focus();
    type(input, 'us');
    const row = screen.getByRole('option', { name: /billing-us/ });
    expect(fireEvent.mouseDown(row)).toBe(false);
    fireEvent.click(row);
    expect(useStore.getState().session).toBe('billing-us');
    expect(document.activeElement).toBe(input);
  });

  it('closes on Escape and puts back the shown session, choosing nothing', async () => {
    const input = await show(big, 'run-0005');
    type(input, 'zzz');
    expect(screen.getByRole('status').textContent).toBe('0 of 1,203 sessions');
    expect(screen.getByText(/No session name contains “zzz”/).textContent).toBe(
      'No session name contains “zzz”. Delete some of what you typed, or press Escape to go back to run-0005.',
    );
    key(input, 'Escape');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.value).toBe('run-0005');
    expect(useStore.getState().session).toBe('run-0005');
    key(input, 'Enter');
    expect(useStore.getState().session).toBe('run-0005');
  });

  it('shows an invisible character in a name as a mark, and finds the name by the mark', async () => {
    const input = await show(big, 'chat\u200D');
    expect(input.value).toBe('chat⟨U+200D⟩');
    type(input, '⟨U+200D⟩');
    const [row] = options();
    expect(options()).toHaveLength(1);
    expect(row!.querySelector('.invisible-char')?.textContent).toBe('⟨U+200D⟩');
    expect(row!.querySelector('script, img')).toBeNull();
  });

  it('tells a screen reader the size of the whole list of matches and the place of each row in it, though only rows near view exist', async () => {
    const input = await show(big, 'run-0500');
    key(input, 'ArrowDown');
    const active = document.getElementById(input.getAttribute('aria-activedescendant')!)!;
    expect(active.getAttribute('aria-setsize')).toBe('1203');
    expect(active.getAttribute('aria-posinset')).toBe(String(big.sessions.findIndex((s) => s.session === 'run-0500') + 1));
    type(input, 'BILL');
    expect(options().map((o) => [o.getAttribute('aria-posinset'), o.getAttribute('aria-setsize')])).toEqual([
      ['1', '2'],
      ['2', '2'],
    ]);
  });

  it('shows a session named "" visibly, in the list and in the input once shown, and chooses it', async () => {
    const input = await show(withEmpty, 'run-0005');
    type(input, 'empty name');
    expect(options().map((o) => o.textContent)).toEqual(['“” (empty name)2 records']);
    key(input, 'Enter');
    expect(useStore.getState().session).toBe('');
    expect(input.value).toBe('“” (empty name)');
    key(input, 'ArrowDown');
    expect(activeText(input)).toBe('“” (empty name)2 records · shown');
    type(input, 'zzz');
    expect(screen.getByText(/No session name contains/).textContent).toContain('press Escape to go back to “” (empty name).');
  });

  it('names a session named "" in the native select the same way', async () => {
    const few = await analysisOf({ name: 'few.jsonl', lines: [{ kind: 'input', id: 'a', op: 'allow', session: '' }, { kind: 'input', id: 'b', op: 'allow', session: 's' }] });
    useStore.getState().setAnalysis(few, initialView(few, EMPTY_URL_VIEW, null));
    const { container } = render(<SessionPicker />);
    expect([...container.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['“” (empty name) (1 record)', 's (1 record)']);
  });
});
