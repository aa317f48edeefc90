// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { analyze } from '../core/analyze';
import { loadInput } from '../io/loadInput';
import { useStore } from '../state/store';
import { analysisOf, O1 } from '../state/testAnalysis';
import { EMPTY_URL_VIEW } from '../state/url';
import { initialView } from '../state/viewFromUrl';
import { Workspace } from './Workspace';

async function showWorkspaceOf(name: string, text: string): Promise<HTMLElement> {
  const analysis = analyze([await loadInput(name, new TextEncoder().encode(text), 0)]);
  useStore.getState().setAnalysis(analysis, initialView(analysis, EMPTY_URL_VIEW, null));
  render(<Workspace />);
  return screen.getByRole('main');
}

describe('the main column when no record was read', () => {
  afterEach(cleanup);

  it('says there is no order to draw, and why, instead of standing blank', async () => {
    expect((await showWorkspaceOf('empty.jsonl', '')).textContent).toContain('No record was read, so there is no order to draw: the input is empty.');
    cleanup();
    expect((await showWorkspaceOf('blank.jsonl', '\n\n')).textContent).toContain('there is no order to draw: all 2 lines are blank.');
    cleanup();
    expect((await showWorkspaceOf('junk.jsonl', 'hello\n\n')).textContent).toContain('No line was read as a record, so there is no order to draw; the rejected lines above say why.');
  });

  it('draws the order view, not that note, once a record is read', async () => {
    const analysis = await analysisOf({ name: 'o1.jsonl', lines: O1 });
    useStore.getState().setAnalysis(analysis, initialView(analysis, EMPTY_URL_VIEW, null));
    render(<Workspace />);
    expect(screen.getByRole('main').textContent).not.toContain('no order to draw');
    expect(screen.getByRole('region', { name: 'Order' })).toBeTruthy();
  });
});
