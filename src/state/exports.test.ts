import { afterEach, describe, expect, it } from 'vitest';
import { compareAnalyses } from '../core/compare';
import { divergenceTexts, renderComparisonReport } from '../core/comparisonReport';
import type { ComparisonState } from './evidenceSlice';
import { exportComparisonReport } from './exports';
import { useStore } from './store';
import { analysisOf, O1 } from './testAnalysis';

const flipped = O1.map((r) => ({ ...r, op: 'allow' }));

function shown(base: ComparisonState['base'], other: ComparisonState['other'], status: ComparisonState['status'] = 'ready'): ComparisonState {
  return { status, expected: null, label: 'b.jsonl', sample: null, other, base, result: base && other ? compareAnalyses(base, other) : null, message: null };
}

afterEach(() => useStore.setState({ analysis: null, comparison: null }));

describe('exportComparisonReport', () => {
  it('is the report of the comparison shown, as the CLI renders it', async () => {
    const base = await analysisOf({ name: 'a.jsonl', lines: O1 });
    const other = await analysisOf({ name: 'b.jsonl', lines: flipped });
    const comparison = shown(base, other);
    useStore.setState({ analysis: base, comparison });
    const file = (await exportComparisonReport())!;
    expect(file.suffix).toBe('.comparison.md');
    const text = await file.content.text();
    const at = /reported at (\S+)\./.exec(text)![1]!;
    expect(text).toBe(renderComparisonReport(comparison.result!, { generatedAt: at, divergenceTexts: divergenceTexts(comparison.result!, base, other) }));
    expect(text).toContain('Base run, `a.jsonl:');
    expect(text).toContain('## Decisions that differ (1)');
  });

  it('is not made while the comparison is being made, nor from one of inputs no longer open', async () => {
    const base = await analysisOf({ name: 'a.jsonl', lines: O1 });
    const other = await analysisOf({ name: 'b.jsonl', lines: flipped });
    const reopened = await analysisOf({ name: 'a.jsonl', lines: O1 });
    useStore.setState({ analysis: base, comparison: shown(base, other, 'loading') });
    expect(await exportComparisonReport()).toBeNull();
    useStore.setState({ analysis: reopened, comparison: shown(base, other) });
    expect(await exportComparisonReport()).toBeNull();
  });
});
