import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collapsedStart } from './rawRowTexts';

const collapsedWhole = (text: string) => text.replace(/\s+/g, ' ');

describe('collapsedStart', () => {
  it('is the start of the whole line collapsed, longer than asked when the line is, whole when it is not', () => {
    const texts = fc.array(fc.constantFrom('a', 'é', ' ', '\t', '\n', '  ', '{"k":1}', '\u3000'), { maxLength: 400 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(texts, fc.integer({ min: 1, max: 60 }), (text, chars) => {
        const whole = collapsedWhole(text);
        const start = collapsedStart(text, chars);
        expect(whole.startsWith(start)).toBe(true);
        expect(start.length > chars || start === whole).toBe(true);
      }),
    );
  });

  it('reads only a start of a long line: white space at the start runs on for more than it first takes', () => {
    const line = `${' '.repeat(5_000)}${'x'.repeat(10)}${' y'.repeat(2_000_000)}`;
    const start = collapsedStart(line, 2000);
    expect(start.slice(0, 12)).toBe(` ${'x'.repeat(10)} `);
    expect(start.length).toBeGreaterThan(2000);
    expect(start.length).toBeLessThan(line.length / 10);
  });
});
