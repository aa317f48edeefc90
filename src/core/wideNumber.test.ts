import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, jsonText, sameJson } from './canonical';
import type { JsonValue } from './model';
import { compareQuantities, isRounded, WideNumber } from './wideNumber';

const wide = (literal: string) => WideNumber.fromLiteral(literal) as unknown as JsonValue;

describe('WideNumber', () => {
  it('writes the value with every digit, the same however it is spelled', () => {
    const text = (literal: string) => WideNumber.fromLiteral(literal).text;
    expect(text('9007199254740993')).toBe('9007199254740993');
    expect(text('-9007199254740993')).toBe('-9007199254740993');
    expect(text('12345678901234567891')).toBe('12345678901234567891');
    for (const spelling of ['9007199254740993.0', '9.007199254740993e15', '9.007199254740993E+15', '90071992547409930e-1', '900719925474099300e-2']) {
      expect(text(spelling), spelling).toBe('9007199254740993');
    }
    expect(text('9007199254740993.25')).toBe('9007199254740993.25');
    // As JavaScript writes numbers: in full up to 21 digits, with an exponent beyond.
    expect(text('100000000000000000000')).toBe('100000000000000000000');
    expect(text('1e21')).toBe('1e+21');
    expect(text('123456789012345678901234567890')).toBe('1.2345678901234567890123456789e+29');
    expect(text('1e400')).toBe('1e+400');
    expect(text('-1.5e99999999999999999999')).toBe('-1.5e+99999999999999999999');
  });

  it('is written by JSON.stringify as a number, never a string: its digits where the platform writes raw JSON, else the nearest double', () => {
    const written = JSON.stringify({ n: WideNumber.fromLiteral('9007199254740993') });
    const raw = typeof (JSON as { rawJSON?: unknown }).rawJSON === 'function';
    expect(written).toBe(raw ? '{"n":9007199254740993}' : '{"n":9007199254740992}');
    expect(String(WideNumber.fromLiteral('9007199254740993'))).toBe('9007199254740993');
  });

  it('tells the numbers JSON.parse rounded', () => {
    expect(isRounded(Number.MAX_SAFE_INTEGER)).toBe(false);
    expect(isRounded(-Number.MAX_SAFE_INTEGER)).toBe(false);
    expect(isRounded(1.5)).toBe(false);
    expect(isRounded(9007199254740992)).toBe(true);
    expect(isRounded(-9007199254740992)).toBe(true);
    expect(isRounded(JSON.parse('1e400') as number)).toBe(true);
  });

  it('orders exactly, against plain numbers too', () => {
    const w = (s: string) => WideNumber.fromLiteral(s);
    expect(compareQuantities(w('9007199254740993'), w('9007199254740992'))).toBeGreaterThan(0);
    expect(compareQuantities(w('9007199254740992'), w('9007199254740993'))).toBeLessThan(0);
    expect(compareQuantities(w('9007199254740993'), w('9.007199254740993e15'))).toBe(0);
    expect(compareQuantities(w('-9007199254740993'), w('-9007199254740992'))).toBeLessThan(0);
    expect(compareQuantities(w('9007199254740993'), 5)).toBeGreaterThan(0);
    expect(compareQuantities(-5, w('-9007199254740993'))).toBeGreaterThan(0);
    expect(compareQuantities(w('1e400'), w('1e399'))).toBeGreaterThan(0);
    expect(compareQuantities(w('9007199254740993.5'), w('9007199254740993'))).toBeGreaterThan(0);
    expect(compareQuantities(3, 2)).toBeGreaterThan(0);
  });

  it('orders as BigInt does for integers past 2^53', () => {
    const big = fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).filter((n) => n > 9007199254740991n || n < -9007199254740991n);
    fc.assert(
      fc.property(big, big, (a, b) => {
        const sign = Math.sign(compareQuantities(WideNumber.fromLiteral(String(a)), WideNumber.fromLiteral(String(b))));
        expect(sign).toBe(a < b ? -1 : a > b ? 1 : 0);
      }),
    );
    // fast-check found it once: equal negatives compared -0.
    const negative = WideNumber.fromLiteral('-999999999999999999999999999980');
    expect(Object.is(compareQuantities(negative, WideNumber.fromLiteral('-999999999999999999999999999980')), 0)).toBe(true);
  });
});

describe('canonical JSON of wide numbers', () => {
  it('writes and compares them by their exact value', () => {
    const a = { amount: wide('9007199254740993') };
    const b = { amount: wide('9007199254740992') };
    expect(canonicalJson(a)).toBe('{"amount":9007199254740993}');
    expect(jsonText([wide('9007199254740993'), 1])).toBe('[9007199254740993,1]');
    expect(sameJson(a, b)).toBe(false);
    expect(canonicalJson(a) === canonicalJson(b)).toBe(false);
    expect(sameJson(a, { amount: wide('9.007199254740993e15') })).toBe(true);
    expect(sameJson(wide('12345678901234567890'), wide('12345678901234567891'))).toBe(false);
  });

  it('never takes a wide number for an object or a string that shares its text', () => {
    const n = wide('9007199254740993');
    expect(sameJson(n, { text: '9007199254740993' })).toBe(false);
    expect(sameJson(n, '9007199254740993')).toBe(false);
    // A plain number JSON.parse left unwidened compares by its text, as canonicalJson writes it.
    expect(sameJson(wide('9007199254740992'), 9007199254740992)).toBe(true);
  });

  it('writes one nested past the quick writers\' depth', () => {
    let v: JsonValue = wide('9007199254740993');
    for (let i = 0; i < 40; i++) v = [v];
    expect(canonicalJson(v)).toBe(`${'['.repeat(40)}9007199254740993${']'.repeat(40)}`);
    expect(jsonText(v, { maxChars: 1000 })).toBe(canonicalJson(v));
  });
});
