/** Encodings, line ends and odd bytes, each named where it is (docs/native-format.md, "Line accounting"). */
import { describe, expect, it } from 'vitest';
import { loadInput } from './loadInput';
import { concat } from './test/fuzzArbitraries';
import { chunksOf } from './test/chunksOf';
import { readNativeStream } from './readNativeStream';

const enc = new TextEncoder();
const LINE_A = '{"kind":"input","id":"a","op":"allow","accept_seq":1}';
const LINE_B = '{"kind":"input","id":"b","op":"revoke","accept_seq":2}';

const bytes = (...parts: (string | number[])[]) => concat(...parts.map((p) => (typeof p === 'string' ? enc.encode(p) : Uint8Array.from(p))));

function utf16(text: string, littleEndian: boolean): Uint8Array {
  const out = new Uint8Array(2 + text.length * 2);
  out.set(littleEndian ? [0xff, 0xfe] : [0xfe, 0xff]);
  for (let i = 0; i < text.length; i++) {
    const u = text.charCodeAt(i);
    out[2 + 2 * i + (littleEndian ? 0 : 1)] = u & 0xff;
    out[2 + 2 * i + (littleEndian ? 1 : 0)] = u >> 8;
  }
  return out;
}

const load = (b: Uint8Array, name = 'f.jsonl') => loadInput(name, b, 0);
const counts = (i: { lines: number; blank: number; records: readonly unknown[]; rejected: readonly unknown[] }) => [i.lines, i.records.length, i.rejected.length, i.blank];

describe('encodings', () => {
  const text = `${LINE_A}\n{"kind":"input","id":"é ✓ 😀","op":"allow"}\n`;

  it('reads UTF-8 with and without a BOM, and UTF-16 LE and BE with one, to the same records and text', async () => {
    for (const b of [enc.encode(text), bytes([0xef, 0xbb, 0xbf], text), utf16(text, true), utf16(text, false)]) {
      const input = await load(b);
      expect(input.text).toBe(text);
      expect(input.records.map((r) => r.id)).toEqual(['a', 'é ✓ 😀']);
      expect(input.notes).toEqual([]);
    }
  });

  it('reads UTF-16 without a byte-order mark by its first bytes (RFC 4627), and says so', async () => {
    for (const [littleEndian, name] of [[true, 'UTF-16LE'], [false, 'UTF-16BE']] as const) {
      const input = await load(utf16(text, littleEndian).subarray(2));
      expect(input.text).toBe(text);
      expect(input.records.map((r) => r.id)).toEqual(['a', 'é ✓ 😀']);
      expect(input.rejected).toEqual([]);
      expect(input.notes).toEqual([{ line: null, message: `has no byte-order mark but starts the way ${name} text does (every other byte NUL), so it was read as ${name}.` }]);
    }
  });

  it('replaces invalid UTF-8 with U+FFFD and names each line that held it', async () => {
    const input = await load(bytes(`${LINE_A}\n{"kind":"input","id":"x`, [0xff], `y"}\n`, '{"id":', [0xe2, 0x82], '}\n', LINE_B));
    expect(counts(input)).toEqual([4, 3, 1, 0]);
    expect(input.records[1]!.id).toBe('x\ufffdy');
    expect(input.rejected[0]!.line).toBe(3);
    expect(input.notes.map((n) => n.line)).toEqual([2, 3]);
    expect(input.notes[0]!.message).toMatch(/^this line holds bytes that are not valid UTF-8; each such sequence is shown as U\+FFFD/);
  });

  it('names five lines with invalid bytes one by one and counts the rest', async () => {
    const lines = Array.from({ length: 8 }, (_, i) => bytes(`{"id":"${i}`, [0xc3], '"}\n'));
    const input = await load(bytes(...lines.map((l) => Array.from(l))));
    expect(input.records).toHaveLength(8);
    expect(input.notes.map((n) => n.line)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(input.notes[5]!.message).toMatch(/^3 more lines hold bytes that are not valid UTF-8, from this line on/);
  });

  it('in a whole-document format, names the text line in words (its "lines" are items)', async () => {
    const input = await load(bytes('[\n{"kind":"input","id":"a', [0xfe], '"}\n]'), 'a.json');
    expect(input.format).toBe('native-array');
    expect(input.notes).toEqual([{ line: null, message: expect.stringMatching(/^text line 2 holds bytes that are not valid UTF-8/) }]);
  });

  it('says first, in one note, that a file of bytes that are not text is no log; and not of a log with a damaged line', async () => {
    // Bytes as an image or archive holds them: invalid UTF-8 on most lines, no line JSON.
    let x = 7;
    const binary = Uint8Array.from({ length: 4000 }, () => (x = (x * 1103515245 + 12345) % 2 ** 31) >> 23);
    const whole = await load(binary, 'photo.jsonl');
    const streamed = await readNativeStream(chunksOf(binary, [1000, 2500]), 'photo.jsonl', 0, { compact: true });
    for (const notes of [whole.notes, streamed.notes]) {
      expect(notes[0]).toEqual({ line: null, message: expect.stringMatching(/^This does not read as text: [\d,]+ of its [\d,]+ lines that are not blank hold bytes that are not valid UTF-8, and no line is a record\. It looks like a binary file/) });
      expect(notes[1]!.line).toBe(1);
    }
    const damaged = await load(bytes('{"id":"x', [0xff], '"}\n', [0xff, 0xfe, 0xfd], '\n'));
    expect(damaged.records).toHaveLength(1);
    expect(damaged.notes.map((n) => n.line)).toEqual([1, 2]);
    const noRecordButText = await load(bytes('not json\n', 'nor', [0xff], ' this\n', 'nor this\n'));
    expect(noRecordButText.notes.map((n) => n.line)).toEqual([2]);
  });

  it('names UTF-16 lines with an unpaired surrogate, and an odd last byte', async () => {
    const b = utf16(`${LINE_A}\n{"id":"\ud800"}\n`, true);
    const input = await load(bytes(Array.from(b), [0x41]));
    expect(input.records.map((r) => r.id)).toEqual(['a', '\ufffd']);
    expect(input.notes.map((n) => [n.line, n.message.slice(0, 60)])).toEqual([
      [2, 'this line holds code units that are not valid UTF-16LE; each'],
      [3, 'this line holds code units that are not valid UTF-16LE; each'],
    ]);
  });

  it('takes a byte-order mark at the start of a later line (files concatenated) as nothing', async () => {
    const input = await load(bytes([0xef, 0xbb, 0xbf], `${LINE_A}\n`, [0xef, 0xbb, 0xbf], `${LINE_B}\n`));
    expect(input.records.map((r) => r.id)).toEqual(['a', 'b']);
    expect(input.records[1]!.offset).toBe(LINE_A.length + 1);
  });
});

describe('line ends and odd lines', () => {
  it('ends lines at CRLF, lone CR and LF, keeps a last line without one, and never opens an empty last line', async () => {
    const input = await load(enc.encode(`${LINE_A}\r\n\r${LINE_B}\r{"id":"c"}`));
    expect(counts(input)).toEqual([4, 3, 0, 1]);
    expect(input.records.map((r) => [r.id, r.line])).toEqual([['a', 1], ['b', 3], ['c', 4]]);
    expect(counts(await load(enc.encode(`${LINE_A}\n`)))).toEqual([1, 1, 0, 0]);
  });

  it('rejects a line with a NUL byte, inside a string or alone, with the NUL escaped in the reason', async () => {
    const input = await load(enc.encode(`${LINE_A}\n{"id":"x\u0000y"}\n\u0000\n{"id":"\u001b[31mred"}x\n`));
    expect(counts(input)).toEqual([4, 1, 3, 0]);
    expect(input.rejected.map((r) => r.line)).toEqual([2, 3, 4]);
    expect(input.rejected[0]!.reason).toBe('line 2: not valid JSON (Bad control character in string literal at column 9)');
    expect(input.rejected[1]!.reason).toMatch(/^line 3: not valid JSON \(Unexpected token '\\u0000'/);
    // eslint-disable-next-line no-control-regex -- the point: no control character reaches a reason
    for (const r of input.rejected) expect(r.reason).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202e]/);
  });

  it('counts an empty file, a file of blank lines and a file of only a BOM as nothing kept and nothing lost', async () => {
    expect(counts(await load(new Uint8Array()))).toEqual([0, 0, 0, 0]);
    expect(counts(await load(enc.encode('  \n\t\r\n\r\n   ')))).toEqual([4, 0, 0, 4]);
    expect(counts(await load(Uint8Array.from([0xef, 0xbb, 0xbf])))).toEqual([0, 0, 0, 0]);
    expect(counts(await load(Uint8Array.from([0xff, 0xfe])))).toEqual([0, 0, 0, 0]);
    expect(counts(await load(bytes([0xef, 0xbb, 0xbf], '\n\n')))).toEqual([2, 0, 0, 2]);
  });

  it('escapes direction-changing and zero-width characters in quoted values', async () => {
    const input = await load(enc.encode('{"kind":"input","accept_seq":"9\u202e1"}\n["\u200b"]\n'));
    expect(input.rejected.map((r) => r.reason)).toEqual([
      'line 1: accept_seq must be a non-negative integer, got "9\\u202e1"',
      'line 2: expected a JSON object, found an array ["\\u200b"]',
    ]);
  });
});
