// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { analysisOf } from '../state/testAnalysis';
import { useStore } from '../state/store';
import { initialView } from '../state/viewFromUrl';
import { EMPTY_URL_VIEW } from '../state/url';
import { EvalSummary } from './EvalSummary';
import { SIDES_SHOWN } from './disputeSides';

// Each dispute writes its label through `marked` when it renders: the calls say which disputes were drawn again.
const labels = vi.hoisted(() => [] as string[]);
vi.mock('./Marked', async (original) => {
  const real = await original<typeof import('./Marked')>();
  return {
    ...real,
    marked: (text: string) => {
      labels.push(text);
      return real.marked(text);
    },
  };
});

const inspectLog = (value: string) => ({
  version: 2,
  status: 'success',
  eval: { task: 'arith', run_id: 'run-1' },
  samples: [{ id: 1, epoch: 1, scores: { match: { value } } }],
});

async function sideStatuses(...files: { name: string; lines: readonly object[] }[]): Promise<string[]> {
  const analysis = await analysisOf(...files);
  useStore.getState().setAnalysis(analysis, initialView(analysis, EMPTY_URL_VIEW, null));
  render(<EvalSummary />);
  return [...document.querySelectorAll('.dispute .side-status')].map((s) => s.textContent!);
}

describe('a disputed identity side by side', () => {
  afterEach(cleanup);

  it("shows, for a real format, the value its file recorded beside the status read from it, never Seqscope's word as the file's", async () => {
    const sides = await sideStatuses({ name: 'a.json', lines: [inspectLog('C')] }, { name: 'b.json', lines: [inspectLog('I')] });
    expect(sides).toEqual(['recorded "C" (correct) → pass', 'recorded "I" (incorrect) → fail']);
  });

  it('shows a native record its status as written, whatever fields it carries', async () => {
    const sides = await sideStatuses({
      name: 'evals.jsonl',
      lines: [
        { kind: 'eval', id: 'A', status: 'PASSED', status_basis: 'my own words' },
        { kind: 'eval', id: 'A', status: 'fail' },
      ],
    });
    expect(sides).toEqual(['status PASSED → pass', 'status fail → fail']);
  });
});

describe('a disputed identity graded many times', () => {
  afterEach(cleanup);

  it('draws a few sides, always the one that disagrees, and all of them on request', async () => {
    const lines = Array.from({ length: 40 }, (_, k) => ({ kind: 'eval', id: 'A', status: k === 39 ? 'fail' : 'pass', note: `n${k}` }));
    const sides = await sideStatuses({ name: 'evals.jsonl', lines });
    expect(sides.length).toBe(SIDES_SHOWN);
    expect(sides.at(-1)).toBe('status fail → fail');
    expect(document.body.textContent).toContain(`${SIDES_SHOWN} of 40 sides shown, each outcome among them.`);
    fireEvent.click(screen.getByRole('button', { name: 'Show all 40 sides' }));
    expect(document.querySelectorAll('.dispute .side').length).toBe(40);
  });

  it('draws the side of the record shown in the detail view among them, marked current', async () => {
    const lines = Array.from({ length: 40 }, (_, k) => ({ kind: 'eval', id: 'A', status: k === 39 ? 'fail' : 'pass', note: `n${k}` }));
    await sideStatuses({ name: 'evals.jsonl', lines });
    // The 21st grading, chosen from the eval-conflict finding's chips.
    act(() => useStore.getState().selectRecord(20));
    expect(document.querySelectorAll('.dispute .side').length).toBe(SIDES_SHOWN);
    expect(document.querySelector('.dispute .side.current')!.textContent).toContain('evals.jsonl:21');
    // Said to a screen reader too, not by the border alone: it is the side the record panel shows.
    const current = [...document.querySelectorAll('.dispute .side')].filter((side) => side.getAttribute('aria-current') === 'true');
    expect(current.map((side) => side.textContent)).toEqual([expect.stringContaining('evals.jsonl:21')]);
  });
});

describe('disputes listed while records are chosen', () => {
  afterEach(cleanup);

  it('redraw only the dispute whose side is chosen or was', async () => {
    // Two disputed identities, A and B, and a record of neither.
    const lines = [
      { kind: 'eval', id: 'A', status: 'pass' },
      { kind: 'eval', id: 'A', status: 'fail' },
      { kind: 'eval', id: 'B', status: 'pass' },
      { kind: 'eval', id: 'B', status: 'fail' },
      { kind: 'eval', id: 'C', status: 'pass' },
    ];
    await sideStatuses({ name: 'evals.jsonl', lines });
    const select = (i: number) => act(() => useStore.getState().selectRecord(i));
    labels.length = 0;
    select(0);
    select(1);
    select(4);
    // A dispute names itself through `marked` at each render.
    expect(labels.filter((l) => l === 'B').length).toBe(0);
    expect(labels.filter((l) => l === 'A').length).toBeGreaterThan(0);
  });
});
