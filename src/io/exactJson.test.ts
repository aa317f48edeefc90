import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../core/canonical';
import type { JsonValue } from '../core/model';
import { WideNumber } from '../core/wideNumber';
import { holdsRoundedNumber, parseExact } from './exactJson';
import { writtenValueAt } from './jsonSpans';

describe('parseExact', () => {
  it('reads what JSON.parse reads where JSON.parse rounds nothing', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(0, 2), (v, indent) => {
        const text = JSON.stringify(v, null, indent);
        const parsed: unknown = JSON.parse(text);
        fc.pre(!holdsRoundedNumber(parsed));
        expect(parseExact(` \n${text}`, 0)).toStrictEqual(parsed);
      }),
      { numRuns: 500 },
    );
  });

  it('reads a number JSON.parse would round as a WideNumber, wherever it stands', () => {
    const text = '{"id":9007199254740993,"payload":{"list":[1,-12345678901234567891,2.5e400]},"n":9007199254740991}';
    const v = parseExact(text, 0) as Record<string, unknown>;
    expect(v.id).toBeInstanceOf(WideNumber);
    expect(String(v.id)).toBe('9007199254740993');
    const list = (v.payload as { list: unknown[] }).list;
    expect(list[0]).toBe(1);
    expect(String(list[1])).toBe('-12345678901234567891');
    expect(String(list[2])).toBe('2.5e+400');
    expect(v.n).toBe(9007199254740991);
    expect(canonicalJson(v as JsonValue)).toBe('{"id":9007199254740993,"n":9007199254740991,"payload":{"list":[1,-12345678901234567891,2.5e+400]}}');
  });

  it('keeps strings, escapes and keys as JSON.parse does', () => {
    const text = '{"__proto__":{"a":1},"s":"a\\"b\\\\\\u00e9\\n","k":1,"k":9007199254740993,"2":true,"1":null}';
    const v = parseExact(text, 0) as Record<string, unknown>;
    const parsed = JSON.parse(text) as Record<string, unknown>;
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(Object.keys(v)).toEqual(Object.keys(parsed));
    expect(v.__proto__).toEqual({ a: 1 });
    expect(v.s).toBe(parsed.s);
    expect(String(v.k)).toBe('9007199254740993');
  });

  it('reads the one value that starts at a position, and nothing after it', () => {
    const text = 'xx[1, {"a": 18446744073709551615}] trailing';
    expect(canonicalJson(parseExact(text, 2) as JsonValue)).toBe('[1,{"a":18446744073709551615}]');
  });
});

describe('holdsRoundedNumber', () => {
  it('finds a number beyond 2^53 − 1, or one that overflowed, at any depth', () => {
    expect(holdsRoundedNumber(JSON.parse('{"a":[1,{"b":9007199254740993}]}'))).toBe(true);
    expect(holdsRoundedNumber(JSON.parse('{"a":-9007199254740992}'))).toBe(true);
    expect(holdsRoundedNumber(JSON.parse('[1e400]'))).toBe(true);
    expect(holdsRoundedNumber(JSON.parse('{"a":9007199254740991,"b":-9007199254740991,"c":"9007199254740993","d":1.5}'))).toBe(false);
  });
});

describe('writtenValueAt, as the native reader finds a wide id', () => {
  it('gives a member as written, the last of repeated keys as JSON.parse keeps, passing over every kind of value', () => {
    const text = '\uFEFF{"id":1, "a":{"id":2,"b":[3,{"c":"}]\\""}],"d":{}}, "e":[], "f":"x\\"y", "\\u0069d" : 9007199254740993 , "g":true}';
    expect(writtenValueAt(text, 1, ['id'])).toBe('9007199254740993');
    expect(writtenValueAt(text, 1, ['g'])).toBe('true');
    expect(writtenValueAt(text, 1, ['e'])).toBe('[]');
    expect(writtenValueAt(text, 1, ['missing'])).toBeNull();
    expect(writtenValueAt('{}', 0, ['id'])).toBeNull();
  });
});
