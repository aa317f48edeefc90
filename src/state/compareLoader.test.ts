import { describe, expect, it, vi } from 'vitest';
import type { Analysis } from '../core/analyze';
import { compareAnalyses } from '../core/compare';
import { recompare } from './compareLoader';
import { useStore } from './store';
import { analysisOf, O1 } from './testAnalysis';

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
