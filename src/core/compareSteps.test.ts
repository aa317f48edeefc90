import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runSteps, sortInSteps, STEP } from './compareSteps';

describe('sortInSteps', () => {
  it('sorts as a stable Array.prototype.sort does, ties kept in their order', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 20 }), fc.nat()), { maxLength: 300 }), (items) => {
        const order = (a: [number, number], b: [number, number]) => a[0] - b[0];
        const sorted = [...items];
        runSteps(sortInSteps(sorted, order));
        expect(sorted).toEqual([...items].sort(order));
      }),
    );
  });

  it('yields as it goes, in proportion to the work', () => {
    const items = Array.from({ length: 20 * STEP }, (_, i) => (i * 7919) % 1009);
    const steps = sortInSteps(items, (a, b) => a - b);
    let yields = 0;
    while (!steps.next().done) yields++;
    expect(yields).toBeGreaterThanOrEqual(20);
    expect(items).toEqual([...items].sort((a, b) => a - b));
  });
});
