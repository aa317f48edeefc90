// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { analysisOf } from '../state/testAnalysis';
import { useStore } from '../state/store';
import { initialView } from '../state/viewFromUrl';
import { EMPTY_URL_VIEW } from '../state/url';
import { StatePanel } from './StatePanel';
import { STATE_ROWS_SHOWN } from './StateKeyTable';

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
    // The marker reads bare, unlike a decided string "unknown", which is quoted.
    expect([...panel.querySelectorAll('.value.unknown .mono')].map((e) => e.textContent)).toEqual(['unknown', 'unknown']);
  });

  it('shows a key an input set to the string "unknown" as decided, never as undetermined', async () => {
    const panel = await show([
      { kind: 'input', id: 'm2', op: 'set', key: 'k', value: 'unknown', session: 's', accept_seq: 2 },
      { kind: 'input', id: 'm1', op: 'set', key: 'k', value: 'x', session: 's', accept_seq: 1 },
    ]);
    const flags = [...panel.querySelectorAll('tbody tr')].map((tr) => tr.lastElementChild!.textContent);
    expect(flags).toEqual(['differs', 'decision flip']);
    expect(panel.querySelectorAll('.value.unknown')).toHaveLength(0);
    expect(panel.querySelector('tbody .value .mono')!.textContent).toBe('"unknown"');
  });

  it('flags a flip between the string "1" and the number 1, which the engine reports, though both print as 1', async () => {
    const panel = await show([
      { kind: 'input', id: 'm2', op: 'set', key: 'k', value: '1', session: 's', accept_seq: 2 },
      { kind: 'input', id: 'm1', op: 'set', key: 'k', value: 1, session: 's', accept_seq: 1 },
    ]);
    const flags = [...panel.querySelectorAll('tbody tr')].map((tr) => tr.lastElementChild!.textContent);
    expect(flags).toEqual(['differs', 'decision flip']);
  });

  it('says "no order", not "undetermined", for a session that records no acceptance order at all, and does not mark the row', async () => {
    const panel = await show([
      { kind: 'input', id: 'm1', op: 'allow', session: 's' },
      { kind: 'input', id: 'm2', op: 'revoke', session: 's' },
    ]);
    const rows = [...panel.querySelectorAll('tbody tr')];
    expect(rows.map((tr) => tr.lastElementChild!.textContent)).toEqual(['no order']);
    expect(rows[0]!.className).toBe('');
  });

  it('says there is no state to show in a session with neither an acceptance order nor an input that sets a key, not an empty panel', async () => {
    const panel = await show([
      { kind: 'read', id: 'r1', session: 's', resource: 'doc', version: 'v1' },
      { kind: 'notice', id: 'n1', session: 's' },
    ]);
    expect(panel.querySelector('table')).toBeNull();
    expect(panel.textContent).toContain('No input in this session sets a key, so there is no state to show in either order.');
  });

  it('cuts a long value and says how much was left out', async () => {
    const panel = await show([{ kind: 'input', id: 'm1', op: 'set', key: 'big', value: 'x'.repeat(100_000), session: 's', accept_seq: 1 }]);
    const text = panel.textContent!;
    expect(text.length).toBeLessThan(5_000);
    expect(text).toContain('… (99,600 more characters; the whole value is in the setter');
  });
});

describe('state at cutoff with several files open', () => {
  afterEach(cleanup);

  it('names the file of each setter, of the end of the storage prefix and of each future leak, as the findings do', async () => {
    const set = (id: string, value: number, seq: number) => ({ kind: 'input', id, op: 'set', key: 'k', value, session: 's', accept_seq: seq });
    const analysis = await analysisOf({ name: 'fa.jsonl', lines: [set('A1', 1, 1), set('A3', 3, 3)] }, { name: 'fb.jsonl', lines: [set('B2', 2, 2)] });
    useStore.getState().setAnalysis(analysis, initialView(analysis, EMPTY_URL_VIEW, null));
    useStore.getState().setCutoff(2);
    const panel = render(<StatePanel />).container;
    expect(panel.querySelector('.panel-head')!.textContent).toContain('the storage prefix up to fb.jsonl:1');
    const [acceptance, storage] = [...panel.querySelector('tbody tr')!.querySelectorAll('td')].map((td) => td.textContent);
    expect(acceptance).toBe('2 · B2, fb.jsonl:1');
    expect(storage).toBe('2 · B2, fb.jsonl:1');
    expect(panel.querySelector('.leak-list')!.textContent).toContain('A3 (fa.jsonl:2)');
    const replay = [...panel.querySelectorAll('tbody tr')].at(-1)!.querySelectorAll('td');
    expect(replay[0]!.textContent).toBe('3 · A3, fa.jsonl:2');
  });

  it('lists the first keys of a state with thousands, says how many differ, and shows them or all on request', async () => {
    const keys = STATE_ROWS_SHOWN + 100;
    const lines: object[] = [];
    for (let i = 0; i < keys; i++) lines.push({ kind: 'input', id: `k${i}`, op: 'set', key: `key${String(i).padStart(4, '0')}`, value: i, session: 's', accept_seq: keys - i });
    // The last key is set twice, stored out of order: its two replays differ.
    lines.push({ kind: 'input', id: 'late', op: 'set', key: `key${String(keys - 1).padStart(4, '0')}`, value: 'early', session: 's', accept_seq: 0 });
    const panel = await show(lines);
    const [cut, replays] = [...panel.querySelectorAll('table')];
    expect(cut!.querySelectorAll('tbody tr').length).toBe(STATE_ROWS_SHOWN);
    expect(replays!.querySelectorAll('tbody tr').length).toBe(STATE_ROWS_SHOWN);
    expect(panel.textContent).toContain(`${STATE_ROWS_SHOWN} of ${keys} keys shown; 1 differs or is undetermined.`);
    fireEvent.click(screen.getByRole('button', { name: 'Only keys that differ: Acceptance replay and Storage replay' }));
    expect([...replays!.querySelectorAll('tbody th')].map((th) => th.textContent)).toEqual([`key${String(keys - 1).padStart(4, '0')}`]);
    fireEvent.click(screen.getByRole('button', { name: new RegExp(`^Show all ${keys} keys: Acceptance as of N`) }));
    expect(cut!.querySelectorAll('tbody tr').length).toBe(keys);
  });

  it('counts and lists the keys again at each step of the cutoff, down and back up', async () => {
    const keys = STATE_ROWS_SHOWN + 100;
    const lines: object[] = [];
    // Key i is accepted at i + 1 and stored in reverse: at N the storage prefix holds every key down to key N-1 ... none below.
    for (let i = keys - 1; i >= 0; i--) lines.push({ kind: 'input', id: `k${i}`, op: 'set', key: `key${String(i).padStart(4, '0')}`, value: i, session: 's', accept_seq: i + 1 });
    const panel = await show(lines);
    const summary = () => panel.querySelector('.state-more')?.textContent ?? '';
    const firstRow = () => [...panel.querySelector('table')!.querySelector('tbody tr')!.children].map((c) => c.textContent);
    for (const n of [keys, 250, 260, 120, keys]) {
      act(() => useStore.getState().setCutoff(n));
      // As of N, keys 0..N-1 are accepted; the storage prefix ends where the last of them is stored, which holds every key stored before it.
      const listed = keys;
      const differ = keys - n;
      if (listed > STATE_ROWS_SHOWN) expect(summary()).toContain(`${STATE_ROWS_SHOWN} of ${listed} keys shown; ${differ} ${differ === 1 ? 'differs or is' : 'differ or are'} undetermined.`);
      expect(firstRow()[0]).toBe('key0000');
      expect(firstRow()[3]).toBe('');
    }
  });

  it('shows all of thousands of keys in a table that lays out only the rows in view, and steps the cutoff so', async () => {
    const keys = 5000;
    const lines: object[] = [];
    for (let i = 0; i < keys; i++) lines.push({ kind: 'input', id: `k${i}`, op: 'set', key: `key${String(i).padStart(4, '0')}`, value: i, session: 's', accept_seq: i + 1 });
    const panel = await show(lines);
    // happy-dom lays nothing out: the scroll box is given a height, so the rows in its view are laid out.
    Object.defineProperty(HTMLDivElement.prototype, 'clientHeight', { configurable: true, get: () => 520 });
    Object.defineProperty(HTMLTableRowElement.prototype, 'getBoundingClientRect', { configurable: true, value: () => ({ height: 26 }) });
    onTestFinished(() => {
      delete (HTMLDivElement.prototype as { clientHeight?: number }).clientHeight;
      delete (HTMLTableRowElement.prototype as { getBoundingClientRect?: unknown }).getBoundingClientRect;
    });
    fireEvent.click(screen.getByRole('button', { name: new RegExp(`^Show all 5,000 keys: Acceptance as of N`) }));
    expect(panel.textContent).toContain('5,000 of 5,000 keys shown');
    expect(screen.getByRole('group', { name: /all 5,000 keys, scrolls$/ })).toBeTruthy();
    expect(panel.querySelector('table')!.getAttribute('aria-rowcount')).toBe('5001');
    expect(panel.querySelector('tbody tr[aria-rowindex]')!.getAttribute('aria-rowindex')).toBe('2');
    const laidOut = () => panel.querySelector('table')!.querySelectorAll('tbody tr').length;
    expect(laidOut()).toBeGreaterThan(10);
    expect(laidOut()).toBeLessThan(100);
    act(() => useStore.getState().setCutoff(keys - 1));
    expect(panel.textContent).toContain('4,999 of 4,999 keys shown');
    expect(laidOut()).toBeLessThan(100);
  });

  it('names the record that set a value by an id cut to a label, so a 400-character id does not fill the row', async () => {
    const id = 'i'.repeat(400);
    const panel = await show([{ kind: 'input', id, op: 'allow', session: 's', accept_seq: 1 }]);
    const setter = panel.querySelector('tbody .setter')!.textContent!;
    expect(setter.length).toBeLessThan(120);
    expect(setter).toContain(`${'i'.repeat(79)}…`);
  });

  it('lists a state of another session from its first keys again, whatever was shown of the session left', async () => {
    const keys = STATE_ROWS_SHOWN + 50;
    const lines: object[] = [];
    for (const session of ['a', 'b']) {
      for (let i = 0; i < keys; i++) lines.push({ kind: 'input', id: `${session}${i}`, op: 'set', key: `key${i}`, value: i, session, accept_seq: keys - i });
    }
    // In session a one key's two replays differ: an input accepted first, stored last.
    lines.push({ kind: 'input', id: 'late', op: 'set', key: 'key0', value: 'early', session: 'a', accept_seq: 0 });
    const panel = await show(lines);
    act(() => useStore.getState().selectSession('a', keys));
    const cutRows = () => panel.querySelector('table')!.querySelectorAll('tbody tr').length;
    fireEvent.click(screen.getByRole('button', { name: new RegExp(`^Show all ${keys} keys: Acceptance as of N`) }));
    expect(cutRows()).toBe(keys);
    act(() => useStore.getState().selectSession('b', keys));
    expect(cutRows()).toBe(STATE_ROWS_SHOWN);
    // Only the keys that differ, asked for in a, would leave b, where none does, an empty table.
    act(() => useStore.getState().selectSession('a', keys));
    fireEvent.click(screen.getByRole('button', { name: /^Only keys that differ: Acceptance as of N/ }));
    expect(cutRows()).toBe(1);
    act(() => useStore.getState().selectSession('b', keys));
    expect(cutRows()).toBe(STATE_ROWS_SHOWN);
    // Moving the cutoff keeps what was asked for: Play and the arrow keys step through a session so.
    fireEvent.click(screen.getByRole('button', { name: new RegExp(`^Show all ${keys} keys: Acceptance as of N`) }));
    act(() => useStore.getState().setCutoff(keys - 1));
    expect(cutRows()).toBe(keys);
  });
});
