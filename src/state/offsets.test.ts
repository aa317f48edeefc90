import { describe, expect, it } from 'vitest';
import { placeOf, utf8Length } from './offsets';
import { analysisOf } from './testAnalysis';

describe('offsets', () => {
  it('counts UTF-8 bytes the way TextEncoder writes them', () => {
    for (const s of ['abc', 'é', '€', '😀', 'a😀b', '\ud800x', 'x\udc00', '']) {
      expect(utf8Length(s)).toBe(new TextEncoder().encode(s).length);
    }
    expect(utf8Length('a€b', 1, 2)).toBe(3);
  });

  it('places each record by line, character offset and byte offset', async () => {
    const a = await analysisOf({ name: 'u.jsonl', lines: [{ kind: 'note', id: 'é€😀' }, { kind: 'note', id: 'x' }] });
    const second = placeOf(a, a.records[1]!);
    const text = a.inputs[0]!.text;
    expect(second.file).toBe('u.jsonl');
    expect(second.line).toBe(2);
    expect(second.charOffset).toBe(text.indexOf('\n') + 1);
    expect(second.byteOffset).toBe(new TextEncoder().encode(text.slice(0, second.charOffset!)).length);
    expect(second.byteOffset).toBeGreaterThan(second.charOffset!);
    expect(placeOf(a, a.records[0]!)).toMatchObject({ line: 1, charOffset: 0, byteOffset: 0 });
  });
});

describe('places in an assembled input', () => {
  it('gives no offsets where the text is laid together from zip members or database cells, not the file', async () => {
    const a = await analysisOf({ name: 'session.db', lines: [{ kind: 'note', id: 'x' }, { kind: 'note', id: 'y' }] });
    const assembled = { ...a, inputs: a.inputs.map((i) => ({ ...i, assembled: true })) };
    expect(placeOf(assembled, a.records[1]!)).toMatchObject({ line: 2, charOffset: null, byteOffset: null, bytes: null });
    expect(placeOf(a, a.records[1]!).byteOffset).toBeGreaterThan(0);
  });
});
