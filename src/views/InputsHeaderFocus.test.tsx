// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { analyze } from '../core/analyze';
import type { ParsedInput } from '../core/model';
import { loadInput } from '../io/loadInput';
import { useStore } from '../state/store';
import { EMPTY_URL_VIEW } from '../state/url';
import { initialView } from '../state/viewFromUrl';
import { InputsHeader } from './InputsHeader';
import { LoadControls } from './LoadControls';

// The loader's closing, as the page sees it: the inputs left analysed and shown, or none.
const open = vi.hoisted(() => ({ inputs: [] as ParsedInput[], cancelled: false, analysing: null as Promise<void> | null }));
vi.mock('../state/loader', () => ({
  removeInput: async (index: number) => {
    // A close whose load was cancelled (or failed): the inputs stay as they were.
    if (open.cancelled) return;
    await open.analysing;
    open.inputs = open.inputs.filter((_, i) => i !== index).map((input, i) => ({ ...input, fileIndex: i }));
    showInputs();
  },
  closeAllAndForgetPasted: () => {
    open.inputs = [];
    useStore.setState({ sources: [] });
    showInputs();
  },
}));

function showInputs() {
  if (open.inputs.length === 0) {
    useStore.getState().clearInputs();
    return;
  }
  const analysis = analyze(open.inputs);
  useStore.getState().setAnalysis(analysis, initialView(analysis, EMPTY_URL_VIEW, null));
}

/** As the page has them: the load controls always, the inputs (in the workspace) only while an analysis is shown. */
function Page() {
  const analysed = useStore((s) => s.analysis !== null);
  return (
    <>
      <LoadControls />
      {analysed && <InputsHeader />}
    </>
  );
}

async function openThree() {
  open.inputs = await Promise.all(['a.jsonl', 'b.jsonl', 'c.jsonl'].map((name, i) => loadInput(name, new TextEncoder().encode(`{"kind":"input","id":"${name}","accept_seq":1}\n`), i)));
  useStore.setState({ sources: open.inputs.map(() => ({}) as never) });
  showInputs();
  render(<Page />);
}

/** A file added while focus is on the page's body: dropped on the page, say. */
async function addD() {
  const d = await loadInput('d.jsonl', new TextEncoder().encode('{"kind":"input","id":"d","accept_seq":1}\n'), open.inputs.length);
  open.inputs = [...open.inputs, d];
  act(showInputs);
}

const press = async (button: HTMLElement) => {
  button.focus();
  await act(async () => {
    fireEvent.click(button);
  });
};

describe('keyboard focus when inputs are closed', () => {
  afterEach(() => {
    cleanup();
    open.cancelled = false;
    open.analysing = null;
  });

  it('goes to the × now in the closed row’s place, then to the last one’s, then to Open files', async () => {
    await openThree();
    await press(screen.getByRole('button', { name: 'Close b.jsonl' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close c.jsonl' }));
    await press(screen.getByRole('button', { name: 'Close c.jsonl' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close a.jsonl' }));
    await press(screen.getByRole('button', { name: 'Close a.jsonl' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Open files'));
  });

  it('goes to Open files after Close all, whose button goes with the inputs', async () => {
    await openThree();
    await press(screen.getByRole('button', { name: 'Close all' }));
    expect(screen.queryByRole('button', { name: 'Close all' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('Open files'));
  });

  it('is not taken later by a close that never happened: a file added after a cancelled close leaves focus where it is', async () => {
    await openThree();
    open.cancelled = true;
    await press(screen.getByRole('button', { name: 'Close b.jsonl' }));
    // The Cancel button pressed meanwhile went with the load, and focus with it.
    (document.activeElement as HTMLElement).blur();
    open.cancelled = false;
    await addD();
    expect(screen.getAllByRole('button', { name: /^Close [a-d]\.jsonl$/ })).toHaveLength(4);
    expect(document.activeElement).toBe(document.body);
  });

  it('is not taken later by a close whose inputs came while focus was elsewhere', async () => {
    await openThree();
    let analysed = () => {};
    open.analysing = new Promise((resolve) => (analysed = resolve));
    await press(screen.getByRole('button', { name: 'Close b.jsonl' }));
    // Focus moved on (Tab) before the inputs left were analysed: it stays there.
    const paste = screen.getByRole('button', { name: 'Paste text' });
    paste.focus();
    await act(async () => analysed());
    expect(screen.queryByRole('button', { name: 'Close b.jsonl' })).toBeNull();
    expect(document.activeElement).toBe(paste);
    paste.blur();
    await addD();
    expect(document.activeElement).toBe(document.body);
  });
});
