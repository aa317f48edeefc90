import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, jsonText, sameJson } from './canonical';
import type { JsonValue } from './model';

/** The reference: a recursive canonical form (fine for the shallow values fast-check makes). */
function reference(v: JsonValue): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(reference).join(',')}]`;
  return `{${Object.keys(v)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${reference(v[k]!)}`)
    .join(',')}}`;
}

function nested(depth: number): JsonValue {
  let v: JsonValue = { z: 1, a: [true, null] };
  for (let i = 0; i < depth; i++) v = i % 2 ? [v, i] : { b: v, a: i };
  return v;
}

describe('JSON text', () => {
  it('canonical form sorts keys at every level and keeps arrays in order', () => {
    fc.assert(
      fc.property(fc.jsonValue() as fc.Arbitrary<JsonValue>, (v) => {
        expect(canonicalJson(v)).toBe(reference(v));
        expect(jsonText(v)).toBe(JSON.stringify(v));
      }),
    );
  });

  it('writes the same text for a value nested past the quick path as for a shallow one, both ways', () => {
    for (const depth of [30, 31, 32, 33, 40, 200]) {
      const v = nested(depth);
      expect(canonicalJson(v)).toBe(reference(v));
      expect(jsonText(v)).toBe(JSON.stringify(v));
    }
  });

  it('keeps an own __proto__ key and never reaches Object.prototype', () => {
    const v = JSON.parse('{"b":1,"__proto__":{"x":[1]},"a":2}') as JsonValue;
    expect(canonicalJson(v)).toBe('{"__proto__":{"x":[1]},"a":2,"b":1}');
    expect(jsonText(v)).toBe('{"b":1,"__proto__":{"x":[1]},"a":2}');
  });

  it('cuts a preview short with an ellipsis', () => {
    expect(jsonText({ a: 'x'.repeat(50) }, { maxChars: 10 })).toBe('{"a":"xxxx…');
  });
});

/**
 * Values JSON allows and some it does not (undefined, non-finite numbers, -0,
 * lone surrogates, an own `__proto__`), from small pools so that equal and
 * nearly equal values meet often.
 */
const looseValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  scalar: fc.constantFrom<unknown>(null, true, false, 0, -0, 1, 1.5, NaN, Infinity, -Infinity, undefined, '', 'a', '1', 'null', '\u0000', '\ud800', ','),
  list: fc.array(tie('value'), { maxLength: 3 }),
  object: fc.array(fc.tuple(fc.constantFrom('a', 'b', '', '__proto__', 'a,b'), tie('value')), { maxLength: 3 }).map((entries) => Object.fromEntries(entries)),
  value: fc.oneof({ depthSize: 'small' }, tie('scalar'), tie('list'), tie('object')),
})).value;

/** The same value with every object's keys in another order (reversed), so its canonical text is unchanged. */
function reordered(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(reordered);
  if (v === null || typeof v !== 'object') return v;
  return Object.fromEntries(Object.entries(v).reverse().map(([k, x]) => [k, reordered(x)]));
}

describe('sameJson', () => {
  const agreesWithText = (a: unknown, b: unknown) =>
    expect([a, b, sameJson(a as JsonValue, b as JsonValue)]).toEqual([a, b, canonicalJson(a as JsonValue) === canonicalJson(b as JsonValue)]);

  it('says what comparing canonical texts says, for any two values, reordered copies and near misses', () => {
    fc.assert(
      fc.property(looseValue, looseValue, (a, b) => {
        agreesWithText(a, b);
        agreesWithText(a, reordered(a));
        agreesWithText({ x: a, y: [a, 1] }, { y: [reordered(a), 1], x: b });
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees with the texts past the nesting the quick path handles, equal or differing deep down', () => {
    for (const depth of [31, 32, 33, 40, 200]) {
      agreesWithText(nested(depth), reordered(nested(depth)));
      agreesWithText(nested(depth), nested(depth + 1));
      const changed = nested(depth) as { b?: JsonValue };
      if (changed.b !== undefined) changed.b = nested(depth - 2);
      agreesWithText(nested(depth), changed);
    }
  });

  it('compares values nested 100,000 deep without overflowing the stack', () => {
    const deep = (leaf: JsonValue): JsonValue => {
      let v = leaf;
      for (let i = 0; i < 100_000; i++) v = [v];
      return v;
    };
    expect(sameJson(deep(1), deep(1))).toBe(true);
    expect(sameJson(deep(1), deep(2))).toBe(false);
  });

  it('tells -0 from nothing and undefined from null only as the texts do', () => {
    expect(sameJson(0, -0)).toBe(true);
    expect(sameJson(NaN, null)).toBe(true);
    expect(sameJson(undefined, undefined)).toBe(true);
    expect(sameJson(undefined, null)).toBe(false);
    expect(sameJson({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameJson([1, [2]], [1, [2]])).toBe(true);
    expect(sameJson([1, 2], { 0: 1, 1: 2 })).toBe(false);
  });
});
