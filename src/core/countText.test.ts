import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { andMore, formatCount, formatFixed, formatMiB, MiB, mibNumber } from './countText';

describe('formatCount', () => {
  it('groups the digits of a count in threes with commas', () => {
    expect([0, 7, 999, 1000, 1234, 12_345, 199_994, 1_000_000, 16_777_217].map(formatCount)).toEqual([
      '0',
      '7',
      '999',
      '1,000',
      '1,234',
      '12,345',
      '199,994',
      '1,000,000',
      '16,777,217',
    ]);
    expect(formatCount(Number.MAX_SAFE_INTEGER)).toBe('9,007,199,254,740,991');
  });

  it('keeps the sign of a negative number and the fraction of a non-integer, grouping only the whole part', () => {
    expect(formatCount(-52_000)).toBe('-52,000');
    expect(formatCount(-999)).toBe('-999');
    expect(formatCount(-0)).toBe('0');
    expect(formatCount(1234.5)).toBe('1,234.5');
    expect(formatCount(-1234567.125)).toBe('-1,234,567.125');
    expect(formatCount(0.25)).toBe('0.25');
  });

  it('leaves what is not a plain decimal as JavaScript writes it', () => {
    expect(formatCount(Number.NaN)).toBe('NaN');
    expect(formatCount(Infinity)).toBe('Infinity');
    expect(formatCount(-Infinity)).toBe('-Infinity');
    expect(formatCount(1e21)).toBe('1e+21');
    expect(formatCount(5e-7)).toBe('5e-7');
  });

  it('writes a quantity to a fixed number of decimals with its whole part grouped, keeping the decimals toFixed writes', () => {
    expect(formatFixed(1031.24, 1)).toBe('1,031.2');
    expect(formatFixed(412, 1)).toBe('412.0');
    expect(formatFixed(1_234_567.891, 2)).toBe('1,234,567.89');
    expect(formatFixed(-2048, 0)).toBe('-2,048');
    expect(formatFixed(0.04, 1)).toBe('0.0');
  });

  it('does not read the runtime locale', () => {
    const spy = [
      vi.spyOn(Number.prototype, 'toLocaleString'),
      vi.spyOn(Intl, 'NumberFormat'),
    ];
    try {
      expect(formatCount(1_234_567)).toBe('1,234,567');
      for (const s of spy) expect(s).not.toHaveBeenCalled();
    } finally {
      for (const s of spy) s.mockRestore();
    }
  });

  it('gives back String(n) once the commas are taken out, with a comma before every third digit from the right', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (n) => {
        const text = formatCount(n);
        expect(text.replaceAll(',', '')).toBe(String(n));
        expect(text).toMatch(/^-?\d{1,3}(?:,\d{3})*$/);
      }),
    );
  });

  it('writes a safe integer as en-US does', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (n) => {
        expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
      }),
    );
  });
});

describe('formatMiB', () => {
  it('writes bytes as mebibytes to a tenth, the whole part grouped', () => {
    expect(formatMiB(MiB)).toBe('1.0 MiB');
    expect(formatMiB(12.34 * MiB)).toBe('12.3 MiB');
    expect(formatMiB(1031.24 * MiB)).toBe('1,031.2 MiB');
    expect(mibNumber(256 * MiB)).toBe('256.0');
  });
});

describe('andMore', () => {
  it('says how many of a list are not shown, after a space, grouped as every count', () => {
    expect(andMore(5, 4)).toBe(' and 1 more');
    expect(andMore(1_000_004, 4)).toBe(' and 1,000,000 more');
  });

  it('is empty when the list shows every item, or more room than items', () => {
    expect(andMore(4, 4)).toBe('');
    expect(andMore(2, 4)).toBe('');
    expect(andMore(0, 0)).toBe('');
  });
});
