import { describe, expect, it } from 'vitest';
import { RowOffsets } from '../viz/rowOffsets';
import { RowIdentities } from './rowIdentities';

/** A list of `count` rows keyed `prefix` + index, rows `measured` measured 30 high. */
function measuredList(count: number, measured: readonly number[]) {
  const offsets = new RowOffsets(count, 20);
  const ids = new RowIdentities();
  for (const i of measured) {
    offsets.set(i, 30);
    ids.took(i, (k) => `a${k}`);
  }
  return { offsets, ids };
}

describe('the rows heights were measured for', () => {
  it('forgets, on a new count, every height measured for a row no longer at its place', () => {
    const { offsets, ids } = measuredList(100, [0, 1, 50, 99]);
    offsets.reset(120, 20);
    ids.forgetReplaced(offsets, (k) => (k < 40 ? `a${k}` : `x${k}`), null);
    expect([0, 1, 50, 99].map((i) => offsets.isMeasured(i))).toEqual([true, true, false, false]);
    expect(offsets.total()).toBe(120 * 20 + 2 * 10);
  });

  it('keeps every height of a list grown by appending, and drops those past the end of a shorter one', () => {
    const { offsets, ids } = measuredList(100, [0, 50, 99]);
    offsets.reset(200, 20);
    ids.forgetReplaced(offsets, (k) => `a${k}`, null);
    expect(offsets.measured).toBe(3);
    offsets.reset(60, 20);
    ids.forgetReplaced(offsets, (k) => `a${k}`, null);
    offsets.reset(100, 20);
    expect(offsets.measured).toBe(2);
  });

  it('with the count as it was, reads only the rows drawn that were measured, and every row once one of them is another', () => {
    const { offsets, ids } = measuredList(100, [0, 1, 50]);
    let reads = 0;
    const same = (k: number) => (reads++, `a${k}`);
    ids.forgetReplaced(offsets, same, { first: 0, from: 0, to: 5 });
    // Rows 0 and 1, the rows drawn that were measured.
    expect(reads).toBe(2);
    expect(offsets.measured).toBe(3);
    ids.forgetReplaced(offsets, (k) => `b${k}`, { first: 0, from: 0, to: 5 });
    expect(offsets.measured).toBe(0);
    expect(offsets.total()).toBe(100 * 20);
  });

  it('lets go of an adaptive estimate held at the mean of the rows forgotten', () => {
    const { offsets, ids } = measuredList(100, [3, 4]);
    offsets.adaptive = true;
    offsets.holdEstimate(true);
    ids.forgetReplaced(offsets, (k) => `b${k}`, null);
    expect(offsets.estimate).toBe(20);
  });
});
