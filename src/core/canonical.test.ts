import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, jsonText } from './canonical';
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
