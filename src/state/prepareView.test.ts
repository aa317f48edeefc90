import { cutoffKeyRows } from '../core/cutoffKeys';
import { describe, expect, it, vi } from 'vitest';
import { cutoffKeyStateAt } from '../core/cutoffKeys';
import { analysisOf, O1 } from './testAnalysis';
import { prepareBeforeShowing, prepareInTasks } from './prepareView';
import { cutoffViewOf, type CutoffView } from './selectors';
import { recordOrderOf } from '../viz/orderModel';
import { orderModelOf } from '../viz/sessionModel';

/** Every row the state table lists at this cutoff. */
const rowsOf = (view: CutoffView) => cutoffKeyRows(view.keys, view.keyState, false);

vi.mock('../core/cutoffKeys', async (original) => {
  const actual = await original<typeof import('../core/cutoffKeys')>();
  return { ...actual, cutoffKeyStateAt: vi.fn(actual.cutoffKeyStateAt) };
});

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

describe('the state at the cutoff shown, prepared', () => {
  it('is made before showing, and the views read it at that cutoff without making it again', async () => {
    const analysis = await analysisOf({ name: 'o1.jsonl', lines: O1 });
    const made = vi.mocked(cutoffKeyStateAt);
    made.mockClear();
    await prepareInTasks(analysis, 'o1', () => true, 1);
    expect(made.mock.calls.map(([, n]) => n)).toEqual([1]);
    expect(rowsOf(cutoffViewOf(analysis.sessions[0]!, 1))).toMatchObject([{ key: 'permission', acceptance: 'allow' }]);
    expect(made).toHaveBeenCalledTimes(1);
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
