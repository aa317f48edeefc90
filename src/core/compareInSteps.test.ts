import { describe, expect, it } from 'vitest';
import { analyze } from './analyze';
import { compareAnalyses, compareAnalysesInSteps } from './compare';
import { STEP } from './compareSteps';
import type { JsonObject } from './model';
import { directInput } from './test/build';

const N = 20 * STEP;
const inputs = (from: number, name: string, change = -1): JsonObject[] =>
  Array.from({ length: N }, (_, i) => ({ kind: 'input', id: `m${from + i}`, accept_seq: from + i, op: 'set', key: `k${i % 7}`, value: i === change ? 'changed' : 'v' }));

/** Counts the yields of the whole comparison, and checks it ends as the comparison made at once does. */
function stepsOf(base: JsonObject[], other: JsonObject[]): number {
  const a = analyze([directInput(base, 'base')]);
  const b = analyze([directInput(other, 'other')]);
  const steps = compareAnalysesInSteps(a, b);
  let yields = 0;
  let r = steps.next();
  for (; !r.done; r = steps.next()) yields++;
  expect(r.value).toEqual(compareAnalyses(a, b));
  return yields;
}

describe('compareAnalysesInSteps', () => {
  // A page cannot hand its thread back in the middle of one call: the comparison must stop now and then on its own.
  it('yields in proportion to the records of a near copy', () => {
    expect(stepsOf(inputs(1, 'base'), inputs(1, 'other', 5))).toBeGreaterThanOrEqual(20);
  });

  it('yields in proportion to the records of two runs with nothing in common', () => {
    expect(stepsOf(inputs(1, 'base'), inputs(N + 1, 'other'))).toBeGreaterThanOrEqual(40);
  });
});
