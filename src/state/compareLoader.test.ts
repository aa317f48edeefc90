import { describe, expect, it, vi } from 'vitest';
import type { Analysis } from '../core/analyze';
import { compareAnalyses } from '../core/compare';
import { recompare } from './compareLoader';
import { inSlices } from './inSlices';
import { useStore } from './store';
import { analysisOf, O1 } from './testAnalysis';

/** Steps that count how many of them ran; each takes one tick of the fake clock below. */
function* counted(n: number, ran: { count: number; closed: boolean }) {
  try {
    for (let i = 0; i < n; i++) {
      ran.count++;
      yield;
    }
    return 'done';
  } finally {
    ran.closed = true;
  }
}

/** A clock that moves one unit each time it is read: slices are counted in steps, not in time. */
function options(pauses: { count: number }) {
  let t = 0;
  return {
    sliceMs: 3,
    now: () => t++,
    pause: async () => {
      pauses.count++;
    },
  };
}

describe('inSlices', () => {
  it('hands the thread back between slices and returns what the steps return', async () => {
    const ran = { count: 0, closed: false };
    const pauses = { count: 0 };
    await expect(inSlices(counted(30, ran), () => true, options(pauses))).resolves.toBe('done');
    expect(ran.count).toBe(30);
    // Three steps a slice (the clock read once before a slice and once after each step).
    expect(pauses.count).toBe(10);
  });

  it('stops at the first pause after the work is no longer wanted, and closes the steps', async () => {
    const ran = { count: 0, closed: false };
    const pauses = { count: 0 };
    let wanted = true;
    const o = options(pauses);
    const pause = async () => {
      await o.pause();
      if (pauses.count === 2) wanted = false;
    };
    await expect(inSlices(counted(30, ran), () => wanted, { ...o, pause })).resolves.toBeNull();
    expect(ran.count).toBe(6);
    expect(ran.closed).toBe(true);
  });
});

describe('recompare', () => {
  it('leaves a comparison against inputs since replaced unfinished, and shows the one against the open inputs', async () => {
    const other = await analysisOf({ name: 'other.jsonl', lines: O1 });
    const first = await analysisOf({ name: 'a.jsonl', lines: O1 });
    const second = await analysisOf({ name: 'b.jsonl', lines: O1.slice(0, 1) });
    useStore.setState({ analysis: first, comparison: { status: 'ready', expected: null, label: 'other.jsonl', sample: null, other, base: null, result: null, message: null } });
    recompare();
    useStore.setState({ analysis: second });
    recompare();
    const seen: (Analysis | null)[] = [];
    const unsubscribe = useStore.subscribe((s) => seen.push(s.comparison?.base ?? null));
    await vi.waitFor(() => expect(useStore.getState().comparison?.status).toBe('ready'));
    unsubscribe();
    expect(useStore.getState().comparison!.base).toBe(second);
    expect(useStore.getState().comparison!.result).toEqual(compareAnalyses(second, other));
    expect(seen).not.toContain(first);
  });
});
