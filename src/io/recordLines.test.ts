import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunksOf } from './test/chunksOf';
import { readNativeStream } from './readNativeStream';
import { recordsFromLines, type RecordLinesChunk } from './recordLines';
import { isSmi } from './test/isSmi';

const lineBytes = fc.oneof(
  fc.constant('{"kind":"input","id":"a","op":"allow","accept_seq":1}'),
  fc.constant('\uFEFF{"kind":"read","id":7,"resource":"r"}'),
  fc.constant('  {"__proto__":{"x":1},"kind":"write","fields":{"a":[1,2]}}\t'),
  fc.constant('{"kind":"eval","case_id":"c","note":"\u2028 é ✓ \\u0000"}'),
  fc.constant('{"kind":"input","accept_seq":"2"}'),
  fc.constant('not json'),
  fc.constant('[1,2]'),
  fc.constant(''),
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 4 }).map((v) => JSON.stringify(v)),
).map((l) => new TextEncoder().encode(l));

/** Invalid UTF-8 too: the lenient decode must reach the other side as the reader saw it. */
const withInvalid = fc.oneof(lineBytes, fc.constant(Uint8Array.of(0x7b, 0x22, 0x6b, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d)));

describe('record lines handed on', () => {
  // First in this file: V8 gives a field the representation of the first value stored in it, as the page's first
  // records are these; a field that ever held a boxed number keeps boxing every record of the same shape.
  it('keep their places as small integers, not as numbers boxed from the columns', () => {
    const chunk: RecordLinesChunk = { json: '[{"kind":"input"},{"kind":"read"}]', line: Float64Array.of(1, 3), offset: Float64Array.of(0, 40), length: Float64Array.of(17, 16) };
    const records = recordsFromLines(chunk, 'f', 0);
    expect(records.map((r) => [r.line, r.offset, r.length])).toEqual([[1, 0, 17], [3, 40, 16]]);
    // Asked of each field itself: copying the numbers into a list would make small integers of them anyway.
    expect(records.every((r) => isSmi(r.line) && isSmi(r.offset) && isSmi(r.length))).toBe(true);
  });

  it('build exactly the records the reader built, in order, for any chunking', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(withInvalid, fc.constantFrom('\n', '\r\n', '\r'))),
        fc.array(fc.nat(), { maxLength: 8 }),
        async (lines, cuts) => {
          const bytes = new Uint8Array(lines.reduce((n, [l, s]) => n + l.length + s.length, 0));
          let at = 0;
          for (const [l, s] of lines) {
            bytes.set(l, at);
            at += l.length;
            for (const c of s) bytes[at++] = c.charCodeAt(0);
          }
          const chunks: RecordLinesChunk[] = [];
          const body = await readNativeStream(chunksOf(bytes, cuts), 'f.jsonl', 3, { onRecordLines: (c) => chunks.push(c) });
          const rebuilt = chunks.flatMap((c) => recordsFromLines(c, 'f.jsonl', 3));
          expect(rebuilt).toEqual(body.records);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('carries a byte-order mark, CRLF, an inherited-looking key and a lenient decode across', async () => {
    const text = '\uFEFF{"kind":"read","id":7}\r\n{"__proto__":{"x":1},"kind":"write"}\n\nnot json\n{"k":"\uFFFD"}';
    const chunks: RecordLinesChunk[] = [];
    const body = await readNativeStream(chunksOf(new TextEncoder().encode(text), [5, 30]), 'f', 0, { onRecordLines: (c) => chunks.push(c) });
    const rebuilt = chunks.flatMap((c) => recordsFromLines(c, 'f', 0));
    expect(rebuilt.map((r) => r.line)).toEqual([1, 2, 5]);
    expect(rebuilt).toEqual(body.records);
    expect(Object.getOwnPropertyNames(rebuilt[1]!.data)).toContain('__proto__');
  });

  it('refuses a chunk whose text does not match its places, rather than misplacing records', () => {
    const chunk: RecordLinesChunk = { json: '[{"kind":"input"}]', line: Float64Array.of(1, 2), offset: Float64Array.of(0, 10), length: Float64Array.of(9, 9) };
    expect(() => recordsFromLines(chunk, 'f', 0)).toThrow(/2 record lines parsed to 1/);
  });
});
