import { describe, expect, it, vi } from 'vitest';
import { sessionOf } from '../state/selectors';
import { analysisOf } from '../state/testAnalysis';
import { buildOrderModel } from './orderModel';
import { marksOf, orderLegendEntries } from './orderLegendEntries';

const labelsOf = async (lines: object[]) => {
  const a = await analysisOf({ name: 's.jsonl', lines });
  return orderLegendEntries(buildOrderModel(sessionOf(a, 's')!)).map((e) => e.label);
};
const input = (id: string, op: string, seq: number | null) => ({ kind: 'input', id, op, session: 's', ...(seq === null ? {} : { accept_seq: seq }) });

describe('the order view legend', () => {
  it('names the future leak ring only where some cutoff makes a leak', async () => {
    expect(await labelsOf([input('a', 'allow', 1), input('b', 'revoke', 2)])).not.toContain('future leak');
    expect(await labelsOf([input('b', 'revoke', 2), input('a', 'allow', 1)])).toContain('future leak');
    // A shared number orders nothing, so two records sharing it are no leak at any N.
    expect(await labelsOf([input('a', 'allow', 2), input('b', 'revoke', 2)])).not.toContain('future leak');
    // A record without accept_seq stands apart: it is never a leak.
    expect(await labelsOf([input('a', 'allow', null), input('b', 'revoke', 1)])).not.toContain('future leak');
  });
});

describe('the future leak swatch', () => {
  const leakOf = async (options: Parameters<typeof orderLegendEntries>[1]) => {
    const a = await analysisOf({ name: 's.jsonl', lines: [input('b', 'revoke', 2), input('a', 'allow', 1)] });
    return orderLegendEntries(buildOrderModel(sessionOf(a, 's')!), options).find((e) => e.mark === 'leak')!;
  };

  it('is a tick where the marks are binned, as leaks are drawn there, and a ring where each record has its own mark', async () => {
    expect((await leakOf({})).tick).toBe(false);
    expect((await leakOf({ leakTicks: false })).tick).toBe(false);
    // The page's dense view draws leaks as ticks above the storage axis.
    expect((await leakOf({ leakTicks: true })).tick).toBe(true);
    // So does a binned export, which says so by drawing no record marks.
    expect((await leakOf({ recordMarks: false })).tick).toBe(true);
  });
});

describe('the legend made again', () => {
  it('reads the model\u2019s records once, however often the view mounts or turns dense', async () => {
    const a = await analysisOf({ name: 's.jsonl', lines: [input('b', 'revoke', 2), input('a', 'allow', 1), input('c', 'allow', 2)] });
    const model = buildOrderModel(sessionOf(a, 's')!);
    const reads = vi.spyOn(model.category, Symbol.iterator);
    const first = orderLegendEntries(model, { leakTicks: true });
    const again = orderLegendEntries(model, { leakTicks: false, boundaries: true });
    expect(again.map((e) => e.key)).toEqual([...first.map((e) => e.key), 'boundary']);
    expect(first.map((e) => e.key)).toEqual(['allow', 'revoke', 'shared', 'leak']);
    expect(reads).toHaveBeenCalledTimes(1);
    expect(marksOf(model)).toBe(marksOf(model));
  });
});
