// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordTarget } from '../state/annotations';
import { useStore } from '../state/store';
import { analysisOf } from '../state/testAnalysis';
import { EMPTY_URL_VIEW } from '../state/url';
import { initialView } from '../state/viewFromUrl';
import { NoteEditor } from './NoteEditor';

async function writeNote(text: string): Promise<void> {
  const analysis = await analysisOf({ name: 'o1.jsonl', lines: [{ kind: 'input', id: 'm1', session: 'o1', accept_seq: 1, op: 'allow' }] });
  useStore.getState().setAnalysis(analysis, initialView(analysis, EMPTY_URL_VIEW, null));
  useStore.getState().setAnnotations([]);
  render(<NoteEditor target={recordTarget(analysis, 0)} what="record" />);
  fireEvent.click(screen.getByRole('button', { name: 'Add a note on this record' }));
  fireEvent.change(screen.getByLabelText('Note on this record'), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Save note' }));
}

describe('a note the browser does not keep', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it('is said to last only as long as the tab when storage refuses it', async () => {
    const refuse = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    await writeNote('checked against the host log');
    refuse.mockRestore();
    expect(screen.getByLabelText('Note on this record').textContent).toBe('checked against the host log');
    expect(screen.getByRole('alert').textContent).toContain('This browser did not keep the note');
  });

  it('is said to last only as long as the tab where the browser has no storage', async () => {
    vi.stubGlobal('localStorage', undefined);
    await writeNote('checked against the host log');
    vi.unstubAllGlobals();
    expect(screen.getByLabelText('Note on this record').textContent).toBe('checked against the host log');
    expect(screen.getByRole('alert').textContent).toContain('This browser did not keep the note');
  });

  it('says nothing more when storage keeps it', async () => {
    await writeNote('checked against the host log');
    expect(screen.getByLabelText('Note on this record').textContent).toBe('checked against the host log');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('closing the note editor from the keyboard', () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it('gives focus back to the button that opened it once the note is saved, not to the page', async () => {
    await writeNote('checked');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit note' }));
  });

  it('closes on Escape without saving, focus back on its opener', async () => {
    await writeNote('kept');
    fireEvent.click(screen.getByRole('button', { name: 'Edit note' }));
    const box = screen.getByRole('textbox', { name: 'Note on this record' });
    fireEvent.change(box, { target: { value: 'draft' } });
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByLabelText('Note on this record').textContent).toBe('kept');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit note' }));
  });

  it('and on Cancel', async () => {
    await writeNote('kept');
    fireEvent.click(screen.getByRole('button', { name: 'Edit note' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit note' }));
  });
});
