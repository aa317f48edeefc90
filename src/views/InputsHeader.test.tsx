// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { analyze } from '../core/analyze';
import { loadInput } from '../io/loadInput';
import { useStore } from '../state/store';
import { EMPTY_URL_VIEW } from '../state/url';
import { initialView } from '../state/viewFromUrl';
import { InputsHeader, NOTES_SHOWN } from './InputsHeader';
import { pressCopy, stubClipboard } from './test/pressCopy';

const DOC: [string, string] = ['doc.json', JSON.stringify([{ kind: 'input', id: 'a', accept_seq: 1 }])];
const LOG: [string, string] = ['log.jsonl', '{"kind":"input","id":"b","accept_seq":2}\n'];

async function show(...files: [name: string, text: string][]) {
  const analysis = analyze(await Promise.all(files.map(([name, text], i) => loadInput(name, new TextEncoder().encode(text), i))));
  useStore.getState().setAnalysis(analysis, initialView(analysis, EMPTY_URL_VIEW, null));
  const { container } = render(<InputsHeader />);
  return {
    column: within(container).getAllByRole('columnheader')[3]!.textContent,
    cells: [...container.querySelectorAll('tbody tr')].map((row) => row.querySelectorAll('td')[3]!.dataset.label),
  };
}

describe('the inputs header counts', () => {
  afterEach(cleanup);

  it('items when every input is one JSON document or database', async () => {
    expect(await show(DOC)).toEqual({ column: 'Items', cells: ['Items'] });
  });

  it('lines for text, and for a mix, where each row still labels its own count', async () => {
    expect(await show(LOG)).toEqual({ column: 'Lines', cells: ['Lines'] });
    expect(await show(DOC, LOG)).toEqual({ column: 'Lines', cells: ['Items', 'Lines'] });
  });
});

describe('the inputs header accounting', () => {
  afterEach(cleanup);

  it('shows blank lines in a column of their own, so kept + rejected + blank = lines can be read off the row', async () => {
    const text = '{"kind":"input","id":"b","accept_seq":2}\n\n   \nnot json\n';
    const analysis = analyze([await loadInput('log.jsonl', new TextEncoder().encode(text), 0)]);
    useStore.getState().setAnalysis(analysis, initialView(analysis, EMPTY_URL_VIEW, null));
    const { container } = render(<InputsHeader />);
    const heads = within(container).getAllByRole('columnheader').map((h) => h.textContent);
    const cells = [...container.querySelectorAll<HTMLElement>('tbody td')].map((td) => [td.dataset.label, td.textContent]);
    const cell = (label: string) => cells.find(([l]) => l === label)?.[1];
    expect(heads.slice(3, 7)).toEqual(['Lines', 'Records', 'Rejected', 'Blank']);
    expect([cell('Lines'), cell('Records'), cell('Rejected'), cell('Blank')]).toEqual(['4', '1', '1', '2']);
  });
});

describe('the notes of an input', () => {
  afterEach(cleanup);

  it('list the first few and the rest on request, so a rollout with a hundred boundaries does not push the views off the screen', async () => {
    const lines = [JSON.stringify({ timestamp: '2026-02-23T12:19:38.000Z', type: 'session_meta', payload: { id: 's1', cli_version: '0.104.0' } })];
    for (let i = 0; i < 10; i++) lines.push(JSON.stringify({ timestamp: '2026-02-23T12:19:40.000Z', type: 'event_msg', payload: { type: 'turn_aborted', reason: 'interrupted' } }));
    const analysis = analyze([await loadInput('rollout.jsonl', new TextEncoder().encode(lines.join('\n')), 0)]);
    const notes = analysis.inputs[0]!.notes.length;
    expect(notes).toBeGreaterThan(NOTES_SHOWN);
    useStore.getState().setAnalysis(analysis, initialView(analysis, EMPTY_URL_VIEW, null));
    const { container } = render(<InputsHeader />);
    expect(container.querySelectorAll('div.input-note:not(.input-notes-more)').length).toBe(NOTES_SHOWN);
    fireEvent.click(within(container).getByRole('button', { name: new RegExp(`^${notes - NOTES_SHOWN} more notes`) }));
    expect(container.querySelectorAll('div.input-note:not(.input-notes-more)').length).toBe(notes);
  });
});

describe('the copy of an input\'s SHA-256', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('puts the whole hash on the clipboard, not the 12 digits shown, and says whether it could', async () => {
    const writeText = stubClipboard();
    await show(LOG);
    const sha = useStore.getState().analysis!.inputs[0]!.sha256;
    const copy = screen.getByRole('button', { name: 'Copy SHA-256 of log.jsonl' });
    await pressCopy(copy);
    expect(writeText).toHaveBeenCalledExactlyOnceWith(sha);
    expect(sha).toHaveLength(64);
    expect(copy.textContent).toBe('Copied');
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    await pressCopy(copy);
    expect(copy.textContent).toBe('Could not copy');
  });
});
