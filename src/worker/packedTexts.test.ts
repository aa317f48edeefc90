import { describe, expect, it } from 'vitest';
import { CodeTable, textAt, TextPacker } from './packedTexts';

describe('packed texts', () => {
  it('give back every text, empty ones and surrogate pairs included', () => {
    const texts = ['', 'r1', '', '𝄞 é', '__proto__', ''];
    const packer = new TextPacker();
    for (const t of texts) packer.push(t);
    const packed = structuredClone(packer.finish());
    expect(texts.map((_, i) => textAt(packed, i))).toEqual(texts);
  });

  it('code each distinct string once, in order of first use', () => {
    const table = new CodeTable();
    expect(['b', 'a', 'b', '__proto__', 'a'].map((s) => table.of(s))).toEqual([0, 1, 0, 2, 1]);
    expect(table.values()).toEqual(['b', 'a', '__proto__']);
    expect(table.size).toBe(3);
  });
});
