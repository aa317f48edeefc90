import { describe, expect, it } from 'vitest';
import { analysisOf, O1 } from './testAnalysis';
import { prepareBeforeShowing, prepareInTasks } from './prepareView';
import { recordOrderOf } from '../viz/orderModel';
import { orderModelOf } from '../viz/sessionModel';

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

describe('the order model prepared in two steps', () => {
  it('builds the record order first, and the model reuses it rather than ordering again', async () => {
    const analysis = await analysisOf({ name: 'o1.jsonl', lines: O1 });
    await prepareInTasks(analysis, 'o1', () => true);
    const session = analysis.sessions[0]!;
    const order = recordOrderOf(session);
    const model = orderModelOf(session);
    expect(model.accRank).toBe(order.accRank);
    expect(model.indexOf).toBe(order.indexOf);
    expect(Array.from(model.byAccRank)).toEqual([1, 0]);
  });
});
