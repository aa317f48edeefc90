import { describe, expect, it, vi } from 'vitest';
import type { JsonValue } from '../core/model';
import { WideNumber } from '../core/wideNumber';
import { clipForDisplay, clipText, formatBytes, formatCount, formatValue } from './format';
import { clipChars } from '../core/markdownText';

describe('values cut for display', () => {
  it('leaves a short value whole and says how much of a long one was left out', () => {
    expect(clipForDisplay('allow')).toBe('allow');
    const long = 'x'.repeat(10_000_000);
    const shown = clipForDisplay(long);
    expect(shown.length).toBeLessThan(500);
    expect(shown).toBe(`${'x'.repeat(400)}… (9,999,600 more characters; the whole value is in the setter's raw line)`);
  });

  it('never cuts between the two halves of a character', () => {
    const shown = clipForDisplay(`${'a'.repeat(399)}😀${'b'.repeat(10)}`);
    expect(shown.startsWith(`${'a'.repeat(399)}…`)).toBe(true);
    expect(shown).toContain('(12 more characters;');
  });

  it('keeps an emoji joined by ZWJ and a letter with its combining marks whole where it cuts', () => {
    const family = '👨\u200D👩\u200D👧';
    const shown = clipForDisplay(`${'a'.repeat(395)}${family}${'b'.repeat(10)}`);
    expect(shown.startsWith(`${'a'.repeat(395)}…`)).toBe(true);
    expect(shown).toContain(`(${family.length + 10} more characters;`);
    const accented = clipForDisplay(`${'a'.repeat(399)}e\u0301\u0323${'b'.repeat(10)}`);
    expect(accented.startsWith(`${'a'.repeat(399)}…`)).toBe(true);
    expect(accented).toContain('(13 more characters;');
    expect(clipForDisplay('x'.repeat(20), 10, '')).toBe(`${'x'.repeat(10)}… (10 more characters)`);
  });

  it('cuts a label to its room without splitting an emoji', () => {
    expect(clipText('short', 100)).toBe('short');
    expect(clipText('abcdefghij', 32)).toBe('abcd…');
    expect(clipChars('abcdefghij', 10)).toBe('abcdefghij');
    expect(clipChars('abcdefghij', 5)).toBe('abcd…');
    expect(clipChars('abc😀def', 5)).toBe('abc…');
    expect(clipText('abc😀defgh', 32)).toBe('abc…');
    expect(clipText('ab😀cdefgh', 32)).toBe('ab😀…');
  });
});

describe('state values as text', () => {
  it('shows strings bare unless they would read as another value, and everything else as JSON', () => {
    expect([formatValue('allow'), formatValue('two words'), formatValue(null), formatValue(1), formatValue({ a: 1 }), formatValue(undefined)]).toEqual(['allow', 'two words', 'null', '1', '{"a":1}', '—']);
    expect(['1', '-2.5', 'true', 'null', 'unknown', '', ' pad', '[1]', '{"a":1}', '"q"'].map(formatValue)).toEqual([
      '"1"',
      '"-2.5"',
      '"true"',
      '"null"',
      '"unknown"',
      '""',
      '" pad"',
      '"[1]"',
      '"{\\"a\\":1}"',
      '"\\"q\\""',
    ]);
    expect(formatValue('1st place')).toBe('1st place');
    expect(formatValue('1e3')).toBe('"1e3"');
    expect(formatValue('nullable')).toBe('nullable');
  });
});

describe('a state value beyond 2^53 − 1', () => {
  it('is shown with every digit, as the number the file writes', () => {
    const quota = { quota: WideNumber.fromLiteral('9007199254740993') } as unknown as JsonValue;
    expect(formatValue(quota)).toBe('{"quota":9007199254740993}');
  });
});

describe('counts', () => {
  it('write a size past a thousand KiB or MiB with its whole part grouped', () => {
    expect([900, 1_023_900, 5 * 1024 * 1024, 1100 * 1024 * 1024].map(formatBytes)).toEqual(['900 B', '999.9 KiB', '5.0 MiB', '1,100.0 MiB']);
    expect(formatBytes(1_048_000)).toBe('1,023.4 KiB');
  });

  it('are written as en-US writes them, without building a formatter per count', () => {
    const perCall = vi.spyOn(Number.prototype, 'toLocaleString');
    try {
      expect([0, 7, 1234, 1_000_000, -52_000].map(formatCount)).toEqual(['0', '7', '1,234', '1,000,000', '-52,000']);
      expect(perCall).not.toHaveBeenCalled();
    } finally {
      perCall.mockRestore();
    }
  });
});
