// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { analyze, type Analysis } from '../core/analyze';
import { loadInput } from '../io/loadInput';
import { gzipSync } from 'node:zlib';
import { initialView } from '../state/viewFromUrl';
import { analysisOf, O1, STALE_REFERENCE } from '../state/testAnalysis';
import { useStore } from '../state/store';
import { EMPTY_URL_VIEW } from '../state/url';
import { DetailView } from './DetailView';
import { FindingsList, itemRowsOf } from './FindingsList';

/** The findings list of `analysis`, opened as files are without a link. */
function showFindings(analysis: Analysis): void {
  useStore.getState().setAnalysis(analysis, initialView(analysis, EMPTY_URL_VIEW, null));
  render(<FindingsList />);
}

describe('findings list with the detail view', () => {
  beforeEach(async () => {
    const analysis = await analysisOf(
      { name: 'o1.jsonl', lines: O1 },
      { name: 'refs.jsonl', lines: STALE_REFERENCE.map((r) => ({ ...r, session: 'chat' })) },
    );
    useStore.getState().setAnalysis(analysis, initialView(analysis, EMPTY_URL_VIEW, null));
    useStore.getState().setCodeFilter(null);
  });
  afterEach(cleanup);

  it('groups by severity, filters by code, and choosing a finding shows its subject record with file and line', () => {
    render(
      <>
        <FindingsList />
        <DetailView />
      </>,
    );
    const list = screen.getByRole('list', { name: 'Findings' });
    expect(within(list).getByRole('heading', { name: /Errors/ }).textContent).toContain('2');
    fireEvent.change(screen.getByLabelText('Filter findings by code'), { target: { value: 'stale-reference' } });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]!.textContent).toContain('stale-reference');

    fireEvent.click(within(items[0]!).getByRole('button'));
    expect(useStore.getState().session).toBe('chat');
    const detail = screen.getByRole('region', { name: 'Record' });
    expect(detail.textContent).toContain('refs.jsonl:3');
    expect(detail.textContent).toContain('stale: created before a clear');
    expect(within(detail).getByRole('group', { name: 'Selected records' }).querySelectorAll('button')).toHaveLength(3);
  });
});

describe('findings list with nothing found', () => {
  afterEach(cleanup);

  it('says a file whose every line was rejected had nothing to check, not that it agrees with itself', async () => {
    const analysis = analyze([await loadInput('broken.jsonl', new TextEncoder().encode('not json\n{"kind": \n'), 0)]);
    showFindings(analysis);
    expect(document.body.textContent).toContain('No findings, because no line was read as a record: there was nothing to check.');
    expect(document.body.textContent).not.toContain('agree with themselves');
    cleanup();
    const clean = await analysisOf({ name: 'ok.jsonl', lines: [{ kind: 'input', id: 'a', op: 'allow', accept_seq: 1 }] });
    showFindings(clean);
    expect(document.body.textContent).toContain('No findings: the inputs agree with themselves on every check.');
  });

  it('shows a direction mark in a file name it names as a mark, so the sentence is not reordered', async () => {
    const bad = await loadInput('evil\u202egz.jsonl', new TextEncoder().encode('{"kind":"input","id":"a","op":"allow","accept_seq":1}\nnot json\n'), 0);
    showFindings(analyze([bad]));
    const text = document.body.textContent ?? '';
    expect(text).toContain('1 line of evil⟨U+202E⟩gz.jsonl was not read as a record');
    expect(text).not.toContain('\u202e');
  });

  it('over a gzip cut off and a line rejected, says no finding was found in what was read, and what was not read', async () => {
    const lines = new TextEncoder().encode(Array.from({ length: 400 }, (_, i) => JSON.stringify({ kind: 'input', id: `r${i}`, op: 'allow', key: 'k', accept_seq: i + 1, pad: `${i}`.repeat(20) })).join('\n') + '\n');
    const gz = gzipSync(lines);
    const cut = await loadInput('cut.jsonl.gz', gz.subarray(0, Math.floor(gz.length * 0.6)), 0);
    const bad = await loadInput('bad.jsonl', new TextEncoder().encode('{"kind":"input","id":"b1","op":"allow","key":"k","accept_seq":1,"session":"other"}\nnot json\n'), 1);
    const analysis = analyze([cut, bad]);
    expect(analysis.findings).toEqual([]);
    showFindings(analysis);
    const text = document.body.textContent ?? '';
    expect(text).not.toContain('agree with themselves');
    expect(text).toContain(
      'No findings in what was read, but not all of it was: cut.jsonl.gz was not read to its end (see its note); 1 line of cut.jsonl.gz was not read as a record (see its rejected lines); 1 line of bad.jsonl was not read as a record (see its rejected lines). Nothing there was checked.',
    );
  });

  it('says an empty or all-blank input is empty or blank, not that rejected lines say why when there are none', async () => {
    const blank = analyze([await loadInput('blank.jsonl', new TextEncoder().encode('\n\n\n'), 0)]);
    showFindings(blank);
    expect(document.body.textContent).toContain('No findings, because there was nothing to check: all 3 lines are blank, so no record was read.');
    expect(document.body.textContent).not.toContain('rejected');
    cleanup();
    const empty = analyze([await loadInput('empty.jsonl', new Uint8Array(0), 0)]);
    showFindings(empty);
    expect(document.body.textContent).toContain('No findings, because there was nothing to check: the input is empty, so no record was read.');
  });

  it('says items, not lines, when the input is a JSON document whose every item was rejected', async () => {
    const analysis = analyze([await loadInput('doc.json', new TextEncoder().encode('[{"kind": 3}, {"id": [1]}]'), 0)]);
    showFindings(analysis);
    expect(document.body.textContent).toContain("No findings, because no item was read as a record: there was nothing to check. The inputs' rejected items say why.");
  });
});

describe('places in a JSON document', () => {
  afterEach(cleanup);

  it('name items as items in the findings list and the detail view, since item 2 of a pretty-printed array is not on line 2', async () => {
    const text = JSON.stringify([{ kind: 'input', id: 'a', session: 's', accept_seq: 1, op: 'allow' }, { kind: 'input', session: 's', accept_seq: 2, op: 'revoke' }], null, 2);
    const analysis = analyze([await loadInput('doc.json', new TextEncoder().encode(text), 0)]);
    useStore.getState().setAnalysis(analysis, initialView(analysis, EMPTY_URL_VIEW, null));
    render(
      <>
        <FindingsList />
        <DetailView />
      </>,
    );
    const item = within(screen.getByRole('list', { name: 'Findings' })).getAllByRole('listitem').find((li) => li.textContent!.includes('missing-id'))!;
    expect(item.textContent).toContain('item 2');
    expect(item.textContent).not.toContain('line 2');
    fireEvent.click(within(item).getByRole('button'));
    const place = screen.getByLabelText('Place in the file');
    expect(place.textContent).toContain('· item 2');
    expect(screen.getByRole('region', { name: 'Record' }).textContent).toContain('Item 2 of a JSON document');
  });
});

describe('choosing a finding that names no record', () => {
  afterEach(cleanup);

  it('shows its session all the same, by click or by arrow key, as a finding naming records does', async () => {
    const unordered = [
      { kind: 'input', id: 'c1', session: 'import', op: 'set', key: 'region', value: 'eu' },
      { kind: 'input', id: 'c2', session: 'import', op: 'set', key: 'region', value: 'us' },
    ];
    const analysis = await analysisOf({ name: 'mixed.jsonl', lines: [...O1, ...unordered] });
    useStore.getState().setAnalysis(analysis, initialView(analysis, EMPTY_URL_VIEW, null));
    useStore.getState().selectSession('o1', 1);
    render(<FindingsList />);
    const items = within(screen.getByRole('list', { name: 'Findings' })).getAllByRole('listitem');
    const none = items.find((li) => li.textContent!.includes('no-acceptance-order'))!;

    fireEvent.click(within(none).getByRole('button'));
    expect([useStore.getState().session, useStore.getState().cutoff]).toEqual(['import', null]);

    useStore.getState().selectSession('o1', 1);
    const before = items[items.indexOf(none) - 1]!;
    fireEvent.click(within(before).getByRole('button'));
    fireEvent.keyDown(within(before).getByRole('button'), { key: 'ArrowDown' });
    expect(useStore.getState().selection.finding).toBe(analysis.findings.findIndex((f) => f.code === 'no-acceptance-order'));
    expect(useStore.getState().session).toBe('import');
  });
});

describe('a finding as assistive technology hears it', () => {
  afterEach(cleanup);

  it('names its severity, which only the dot and the group heading show, and says when it is dimmed by the cutoff', async () => {
    showFindings(await analysisOf({ name: 'o1.jsonl', lines: O1 }));
    const list = screen.getByRole('list', { name: 'Findings' });
    const flip = within(list).getByRole('button', { name: /decision-flip/ });
    const inversion = within(list).getByRole('button', { name: /storage-order-inversion/ });
    expect(flip.textContent).toMatch(/^error: decision-flip/);
    expect(inversion.textContent).toMatch(/^info: storage-order-inversion/);
    expect(inversion.textContent).not.toContain('Dimmed');
    // The inversion names m1 alone, accepted at 1: at N = 0 nothing it names has been accepted yet.
    act(() => useStore.getState().setCutoff(0));
    expect(within(list).getByRole('button', { name: /storage-order-inversion/ }).textContent).toContain('Dimmed: every record it names was accepted after the cutoff N.');
  });
});

describe('the edges of a findings list taller than its panel', () => {
  afterEach(cleanup);

  /** Gives the list a layout happy-dom does not make: `height` of content in a box `box` high. */
  function layOut(list: HTMLElement, height: number, box: number): void {
    Object.defineProperty(list, 'scrollHeight', { configurable: true, get: () => height });
    Object.defineProperty(list, 'clientHeight', { configurable: true, get: () => box });
  }

  it('shades the edge past which more findings are, and only while there are', async () => {
    showFindings(await analysisOf({ name: 'o1.jsonl', lines: O1 }, { name: 'refs.jsonl', lines: STALE_REFERENCE.map((r) => ({ ...r, session: 'chat' })) }));
    const list = screen.getByRole('list', { name: 'Findings' });
    const box = list.parentElement!;
    const shades = () => ({ above: box.hasAttribute('data-more-above'), below: box.hasAttribute('data-more-below') });
    expect(box.querySelector('.scroll-edge-bottom')?.getAttribute('aria-hidden')).toBe('true');
    layOut(list, 600, 200);
    act(() => {
      list.scrollTop = 0;
      fireEvent.scroll(list);
    });
    expect(shades()).toEqual({ above: false, below: true });
    act(() => {
      list.scrollTop = 200;
      fireEvent.scroll(list);
    });
    expect(shades()).toEqual({ above: true, below: true });
    act(() => {
      list.scrollTop = 400;
      fireEvent.scroll(list);
    });
    expect(shades()).toEqual({ above: true, below: false });
    layOut(list, 150, 200);
    act(() => {
      list.scrollTop = 0;
      fireEvent.scroll(list);
    });
    expect(shades()).toEqual({ above: false, below: false });
    // A filter changes the rows without a scroll; what is below is weighed again.
    layOut(list, 600, 200);
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Filter findings by code'), { target: { value: 'stale-reference' } });
      await Promise.resolve();
    });
    expect(shades()).toEqual({ above: false, below: true });
  });
});

describe('moving through a long findings list by key', () => {
  afterEach(cleanup);

  it('finds the rows holding findings once per list, not anew at each key press', async () => {
    const analysis = await analysisOf({ name: 'o1.jsonl', lines: O1 }, { name: 'refs.jsonl', lines: STALE_REFERENCE.map((r) => ({ ...r, session: 'chat' })) });
    showFindings(analysis);
    const buttons = () => within(screen.getByRole('list', { name: 'Findings' })).getAllByRole('button');
    fireEvent.click(buttons()[0]!);
    const visited = [useStore.getState().selection.finding];
    for (let k = 0; k < analysis.findings.length + 1; k++) {
      fireEvent.keyDown(document.activeElement!.closest('.finding') ? document.activeElement! : buttons()[0]!, { key: 'ArrowDown' });
      visited.push(useStore.getState().selection.finding);
    }
    // Every finding once, down the groups (each heading skipped), then the last one stays chosen.
    expect(new Set(visited).size).toBe(analysis.findings.length);
    expect(visited[visited.length - 1]).toBe(visited[visited.length - 2]);
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(useStore.getState().selection.finding).toBe(visited[0]);

    const rows = [{ kind: 'head' }, { kind: 'item', index: 4 }, { kind: 'item', index: 9 }, { kind: 'head' }, { kind: 'item', index: 1 }] as unknown as Parameters<typeof itemRowsOf>[0];
    const found = itemRowsOf(rows);
    expect([...found.items]).toEqual([1, 2, 4]);
    expect([...found.itemOfRow]).toEqual([-1, 0, 1, -1, 2]);
    expect(itemRowsOf(rows)).toBe(found);
  });
});
