import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { documentJson } from './documentJson';
import { WideNumber } from './wideNumber';

describe('documentJson', () => {
  it('is JSON.stringify with an indent of two, but for a wide number written with every digit', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const doc = { v, list: [], empty: {}, skipped: undefined, at: new Date(0), wide: WideNumber.fromLiteral('9007199254740993') };
        const expected = JSON.stringify({ ...doc, wide: 0 }, null, 2).replace(/"wide": 0\n\}$/, '"wide": 9007199254740993\n}');
        expect(documentJson(doc)).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('looks for a wide number only where it is told to, and leaves the rest to JSON.stringify', () => {
    const state = { quota: WideNumber.fromLiteral('9007199254740993') };
    expect(documentJson({ state }, [state])).toBe('{\n  "state": {\n    "quota": 9007199254740993\n  }\n}');
    expect(documentJson({ state }, [])).toBe(JSON.stringify({ state }, null, 2));
    expect(documentJson([1, { a: 'x' }])).toBe(JSON.stringify([1, { a: 'x' }], null, 2));
  });
});
