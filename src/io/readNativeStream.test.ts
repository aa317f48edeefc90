import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunksOf } from './test/chunksOf';
import { concat } from './test/fuzzArbitraries';
import { DEFAULT_LIMITS } from './limits';
import { nativeOrRefused } from './test/nativeOrRefused';
import { loadInput } from './loadInput';
import { nodeAsciiText } from './nodeAsciiText';
import { readNativeStream } from './readNativeStream';
import { canonicalJson } from '../core/canonical';
import { compactRecordData } from './compactRecord';

const enc = new TextEncoder();

const lineArb = fc.oneof(
  fc.constant(''),
  fc.constant('  '),
  fc.constant('{"kind":"input","id":"a","op":"allow","accept_seq":1,"ts":"x"}'),
  fc.constant('{"kind":"write","id":"w","resource":"r","fields":{"a":1},"extra":"é✓"}'),
  fc.constant('{"kind":"eval","case_id":"c","status":"pass","note":"ü"}'),
  fc.constant('{"kind":"input","accept_seq":"2"}'),
  fc.constant('\uFEFF{"kind":"input","accept_seq":9007199254740993}'),
  fc.constant('{"kind":"eval","id":9007199254740993,"score":12345678901234567891}'),
  fc.string({ unit: 'grapheme' }),
  fc.jsonValue().map((v) => JSON.stringify(v)),
);

describe('readNativeStream', () => {
  it('accounts exactly like the whole-text reader, for any chunking', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(lineArb, fc.constantFrom('\n', '\r\n', '\r'))),
        fc.array(fc.nat(), { maxLength: 8 }),
        async (parts, cuts) => {
          const text = parts.map(([l, s]) => l + s).join('');
          const whole = nativeOrRefused(text);
          fc.pre(whole !== null && whole.format === 'native-jsonl');
          const bytes = enc.encode(text);
          const streamed = await readNativeStream(chunksOf(bytes, cuts), 'f', 0, { compact: true });
          expect([streamed.lines, streamed.blank]).toEqual([whole.lines, whole.blank]);
          expect(streamed.rejected).toEqual(whole.rejected);
          expect(streamed.records.map((r) => [r.line, r.id, r.kind, r.session, r.acceptSeq])).toEqual(
            whole.records.map((r) => [r.line, r.id, r.kind, r.session, r.acceptSeq]),
          );
          const dec = new TextDecoder();
          streamed.records.forEach((r, i) => {
            const w = whole.records[i]!;
            expect(dec.decode(bytes.subarray(r.offset, r.offset + r.length))).toBe(text.slice(w.offset, w.offset + w.length));
          });
        },
      ),
      { numRuns: 400 },
    );
  });

  it('keeps only the fields the engine reads when compact, eval records whole', async () => {
    const text = '{"kind":"write","id":"w","resource":"r","if_match":"1","ts":"t","note":"n"}\n{"kind":"eval","id":"e","status":"pass","note":"n"}\n';
    const body = await readNativeStream(chunksOf(enc.encode(text), [5]), 'f', 0, { compact: true });
    expect({ ...body.records[0]!.data }).toEqual({ resource: 'r', if_match: '1' });
    expect(body.records[1]!.data).toEqual({ kind: 'eval', id: 'e', status: 'pass', note: 'n' });
  });

  it('reads records whose kind names a property of Object.prototype as unknown kinds, compact or whole', async () => {
    const kinds = ['toString', 'constructor', 'hasOwnProperty', '__proto__', 'valueOf'];
    const text = kinds.map((kind, i) => JSON.stringify({ kind, id: `k${i}`, accept_seq: i, value: 1 })).join('\n') + '\n';
    for (const compact of [true, false]) {
      const body = await readNativeStream(chunksOf(enc.encode(text), []), 'f', 0, { compact });
      expect(body.rejected).toEqual([]);
      expect(body.records.map((r) => r.kind)).toEqual(kinds);
      if (compact) for (const r of body.records) expect({ ...r.data }).toEqual({});
    }
    expect(nativeOrRefused(text)!.records).toHaveLength(kinds.length);
  });

  it('rejects an oversized line by its length without holding it, and names invalid UTF-8', async () => {
    const limits = { ...DEFAULT_LIMITS, maxLineChars: 12 };
    const big = `{"id":"${'x'.repeat(100)}"}`;
    const bytes = new Uint8Array([...enc.encode(`${big}\n{"id":"ok"}\n{"id":"`), 0xff, ...enc.encode('"}\n')]);
    const body = await readNativeStream(chunksOf(bytes, [7, 50, 90]), 'f', 0, { limits });
    expect(body.rejected[0]).toEqual({ line: 1, reason: `line 1: ${big.length} bytes long, over the 12 characters line limit; not parsed` });
    expect(body.records.map((r) => r.id)).toEqual(['ok', '\uFFFD']);
    expect(body.notes[0]!.line).toBe(3);
  });

  it('ends an oversized line at a \\r that closes a chunk, lone or half of \\r\\n, and reads the next line', async () => {
    const limits = { ...DEFAULT_LIMITS, maxLineChars: 12 };
    const big = `{"id":"${'x'.repeat(60)}"}`;
    for (const end of ['\r', '\r\n']) {
      const bytes = enc.encode(`${big}${end}{"id":"ok"}\n`);
      const whole = await readNativeStream(chunksOf(bytes, []), 'f', 0, { limits });
      expect(whole.rejected).toEqual([{ line: 1, reason: `line 1: ${big.length} bytes long, over the 12 characters line limit; not parsed` }]);
      expect(whole.records.map((r) => r.id)).toEqual(['ok']);
      // Cut just after the \r, with the line already over the limit: the splitter is dropping its bytes.
      for (const cuts of [[big.length + 1], [55, big.length + 1], [55, big.length, big.length + 1]]) {
        const body = await readNativeStream(chunksOf(bytes, cuts), 'f', 0, { limits });
        expect([body.lines, body.rejected, body.records.map((r) => [r.line, r.id, r.offset])]).toEqual([whole.lines, whole.rejected, whole.records.map((r) => [r.line, r.id, r.offset])]);
      }
    }
  });
});

describe('splitting single-byte chunks as text', () => {
  const line = fc.oneof(
    fc.constant('{"kind":"input","id":"a","op":"allow","accept_seq":1}'),
    fc.constant('{"kind":"write","note":"é ✓ 𝄞"}'),
    fc.constant('   '),
    fc.constant(''),
    fc.constant('{"kind":"read","pad":"' + 'x'.repeat(40) + '"}'),
    fc.constant('not json'),
    fc.string({ unit: 'grapheme-ascii', maxLength: 30 }),
  );
  const bytesOf = (parts: [string | Uint8Array, string][]) =>
    concat(...parts.flatMap(([l, s]) => [typeof l === 'string' ? enc.encode(l) : l, enc.encode(s)]));

  it('reads exactly what splitting byte by byte reads: records, places, rejections, notes, for any chunking and line ends, ASCII chunks decoded by Node or not, whole or in pieces', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.oneof(line, fc.constant(Uint8Array.of(0x7b, 0xff, 0x7d))), fc.constantFrom('\n', '\r\n', '\r')), { maxLength: 40 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        fc.integer({ min: 4, max: 40 }),
        fc.integer({ min: 1, max: 200 }),
        async (parts, cuts, maxLineChars, textPieceBytes) => {
          const bytes = bytesOf(parts);
          const limits = { ...DEFAULT_LIMITS, maxLineChars };
          const asText = await readNativeStream(chunksOf(bytes, cuts), 'f', 0, { limits });
          const byBytes = await readNativeStream(chunksOf(bytes, cuts), 'f', 0, { limits, splitAsText: false });
          const asAscii = await readNativeStream(chunksOf(bytes, cuts), 'f', 0, { limits, asciiText: nodeAsciiText });
          // Regions decoded in pieces of whole lines, as many as a few bytes make.
          const inPieces = await readNativeStream(chunksOf(bytes, cuts), 'f', 0, { limits, asciiText: nodeAsciiText, textPieceBytes });
          const byBytesInPieces = await readNativeStream(chunksOf(bytes, cuts), 'f', 0, { limits, splitAsText: false, textPieceBytes });
          expect(asText).toEqual(byBytes);
          expect(asAscii).toEqual(byBytes);
          expect(inPieces).toEqual(byBytes);
          expect(byBytesInPieces).toEqual(byBytes);
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('byte-order marks, streamed and read whole', () => {
  const BOM = Uint8Array.of(0xef, 0xbb, 0xbf);
  const line = fc.oneof(
    fc.constant('{"kind":"input","id":"a","op":"allow","accept_seq":1}'),
    fc.constant('{"kind":"read","id":"b"}'),
    fc.constant(''),
    fc.constant('x'),
  );
  // Each line led by up to three marks: a file concatenated from files that had one, or a writer that added one more.
  const lines = fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), line, fc.constantFrom('\n', '\r\n')), { minLength: 1, maxLength: 12 });

  it('reads every line alike wherever the chunks fall: the file’s opening marks are dropped, and each line may open with one more', async () => {
    await fc.assert(
      fc.asyncProperty(lines, fc.array(fc.nat(), { maxLength: 8 }), fc.boolean(), async (parts, cuts, splitAsText) => {
        const bytes = concat(...parts.flatMap(([marks, l, end]) => [...Array.from({ length: marks }, () => BOM), enc.encode(l + end)]));
        const whole = await loadInput('f.jsonl', bytes, 0);
        fc.pre(whole.format === 'native-jsonl');
        const streamed = await readNativeStream(chunksOf(bytes, cuts), 'f.jsonl', 0, { splitAsText });
        expect([streamed.lines, streamed.blank]).toEqual([whole.lines, whole.blank]);
        expect(streamed.rejected).toEqual(whole.rejected);
        expect(streamed.records.map((r) => [r.line, r.id])).toEqual(whole.records.map((r) => [r.line, r.id]));
      }),
      { numRuns: 400 },
    );
  });

  it('reads a whole JSON document that opens with two marks as the document it is', async () => {
    const doc = JSON.stringify({ records: [{ kind: 'input', id: 'a', session: 's', accept_seq: 1, op: 'allow' }] }, null, 2);
    const input = await loadInput('x.json', concat(BOM, BOM, enc.encode(doc)), 0);
    expect([input.format, input.records.length, input.rejected]).toEqual(['native-records', 1, []]);
  });
});

describe('numbers beyond 2^53 − 1, streamed and read whole', () => {
  const text = [
    '{"kind":"command","id":9007199254740993,"accept_seq":1,"idempotency_key":"k","payload":{"amount":9007199254740993},"note":12345678901234567891}',
    '\uFEFF{"kind":"eval","id":9007199254740992,"status":"fail","score":-12345678901234567891}',
    '{"kind":"write","id":"w","resource":18446744073709551615,"fields":[1e400],"ts":9007199254740993}',
    '{"kind":"task","id":"t","task":"T","revision":18446744073709551616}',
  ].join('\r\n');

  it('give the same ids and the same exact values, compact or whole, wherever the chunks fall', async () => {
    const whole = nativeOrRefused(text)!;
    const expected = whole.records.map((r) => [r.id, canonicalJson(r.data)]);
    expect(expected.map(([id]) => id)).toEqual(['9007199254740993', '9007199254740992', 'w', 't']);
    expect(expected[0]![1]).toContain('"payload":{"amount":9007199254740993}');
    const expectedCompact = whole.records.map((r) => [r.id, canonicalJson(compactRecordData(r.data, r.kind))]);
    expect(expectedCompact[2]![1]).toBe('{"fields":[1e+400],"resource":18446744073709551615}');
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(), { maxLength: 8 }), fc.boolean(), async (cuts, splitAsText) => {
        const bytes = enc.encode(text);
        const full = await readNativeStream(chunksOf(bytes, cuts), 'f', 0, { splitAsText });
        expect(full.records.map((r) => [r.id, canonicalJson(r.data)])).toEqual(expected);
        const compact = await readNativeStream(chunksOf(bytes, cuts), 'f', 0, { compact: true, splitAsText });
        expect(compact.records.map((r) => [r.id, canonicalJson(r.data)])).toEqual(expectedCompact);
      }),
      { numRuns: 100 },
    );
  });
});
