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
const open = vi.hoisted(() => ({ inputs: [] as ParsedInput[] }));
vi.mock('../state/loader', () => ({
  removeInput: async (index: number) => {
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

async function openThree() {
  open.inputs = await Promise.all(['a.jsonl', 'b.jsonl', 'c.jsonl'].map((name, i) => loadInput(name, new TextEncoder().encode(`{"kind":"input","id":"${name}","accept_seq":1}\n`), i)));
  useStore.setState({ sources: open.inputs.map(() => ({}) as never) });
  showInputs();
  render(
    <>
      <LoadControls />
      <InputsHeader />
    </>,
  );
}

const press = async (button: HTMLElement) => {
  button.focus();
  await act(async () => {
    fireEvent.click(button);
  });
};

describe('keyboard focus when inputs are closed', () => {
  afterEach(cleanup);

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
});
