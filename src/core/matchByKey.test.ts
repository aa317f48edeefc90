import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runSteps, STEP } from './compareSteps';
import { matchByKey } from './matchByKey';

interface Item {
  readonly side: 'b' | 'o';
  readonly at: number;
  readonly key: string | undefined;
}

const keyOf = (x: Item) => x.key;
const itemsOf = (side: Item['side'], keys: readonly (string | undefined)[]): Item[] => keys.map((key, at) => ({ side, at, key }));
const ats = (items: readonly Item[]) => items.map((x) => x.at);
const isAscending = (xs: readonly number[]) => xs.every((x, k) => k === 0 || xs[k - 1]! < x);

describe('matchByKey', () => {
  it('pairs the k-th of a key on one side with the k-th on the other, and leaves the rest alone in order', () => {
    const base = itemsOf('b', ['x', 'y', 'x', undefined, 'z']);
    const other = itemsOf('o', ['x', undefined, 'z', 'w']);
    const m = runSteps(matchByKey(base, other, keyOf, keyOf));
    expect(m.pairs.map(([b, o]) => [b.at, o.at])).toEqual([
      [0, 0],
      [4, 2],
    ]);
    expect(ats(m.restBase)).toEqual([1, 2, 3]);
    expect(ats(m.restOther)).toEqual([1, 3]);
  });

  it('matches nothing against an empty side', () => {
    const base = itemsOf('b', ['x']);
    expect(runSteps(matchByKey(base, [], keyOf, keyOf))).toEqual({ pairs: [], restBase: base, restOther: [] });
    expect(runSteps(matchByKey([], base, keyOf, keyOf))).toEqual({ pairs: [], restBase: [], restOther: base });
  });

  it('puts every item of both sides in exactly once, as a pair or alone, in the order it documents', () => {
    const keys = fc.array(fc.option(fc.constantFrom('a', 'b', 'c', 'd'), { nil: undefined }), { maxLength: 40 });
    fc.assert(
      fc.property(keys, keys, (bk, ok) => {
        const base = itemsOf('b', bk);
        const other = itemsOf('o', ok);
        const m = runSteps(matchByKey(base, other, keyOf, keyOf));
        const fromBase = [...m.pairs.map(([b]) => b), ...m.restBase];
        const fromOther = [...m.pairs.map(([, o]) => o), ...m.restOther];
        expect([...ats(fromBase)].sort((x, y) => x - y)).toEqual(ats(base));
        expect([...ats(fromOther)].sort((x, y) => x - y)).toEqual(ats(other));
        expect(fromBase.every((x) => x.side === 'b') && fromOther.every((x) => x.side === 'o')).toBe(true);
        expect(isAscending(m.pairs.map(([b]) => b.at))).toBe(true);
        expect(isAscending(ats(m.restBase))).toBe(true);
        expect(isAscending(ats(m.restOther))).toBe(true);
        for (const [b, o] of m.pairs) expect(b.key !== undefined && b.key === o.key).toBe(true);
        for (const key of new Set(bk)) {
          if (key === undefined) continue;
          const ofKey = (xs: readonly Item[]) => xs.filter((x) => x.key === key);
          const n = Math.min(ofKey(base).length, ofKey(other).length);
          const paired = m.pairs.filter(([b]) => b.key === key);
          // As many pairs as the scarcer side allows, and the first of each side's items of the key in them.
          expect(paired.map(([b]) => b.at)).toEqual(ats(ofKey(base).slice(0, n)));
          expect(paired.map(([, o]) => o.at)).toEqual(ats(ofKey(other).slice(0, n)));
        }
      }),
    );
  });

  it('yields in proportion to the items of both sides', () => {
    const base = itemsOf('b', Array.from({ length: 10 * STEP }, (_, i) => `k${i}`));
    const other = itemsOf('o', Array.from({ length: 10 * STEP }, (_, i) => `k${i + 5}`));
    const steps = matchByKey(base, other, keyOf, keyOf);
    let yields = 0;
    while (!steps.next().done) yields++;
    expect(yields).toBeGreaterThanOrEqual(20);
  });
});
