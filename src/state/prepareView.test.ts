import { describe, expect, it } from 'vitest';
import { analysisOf, O1 } from './testAnalysis';
import { prepareBeforeShowing, prepareInTasks } from './prepareView';

describe('preparing an analysis for showing', () => {
  it('runs every step, the added ones too, with the analysis and the session to be shown', async () => {
    const analysis = await analysisOf({ name: 'o1.jsonl', lines: O1 });
    const seen: string[] = [];
    prepareBeforeShowing((a, s) => seen.push(`${a === analysis}:${s}`));
    const wanted = await prepareInTasks(analysis, 'o1', () => true);
    expect(wanted).toBe(true);
    expect(seen).toEqual(['true:o1']);
  });

  it('stops as soon as the load is no longer wanted, and says so', async () => {
    const analysis = await analysisOf({ name: 'o1.jsonl', lines: O1 });
    let calls = 0;
    prepareBeforeShowing(() => calls++);
    let asked = 0;
    const wanted = await prepareInTasks(analysis, 'o1', () => ++asked < 3);
    expect(wanted).toBe(false);
    expect(asked).toBe(3);
    expect(calls).toBe(0);
  });
});
