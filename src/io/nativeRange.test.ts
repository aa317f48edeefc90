import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from './limits';
import { NativeLineReader } from './nativeLineReader';
import { joinRanges, readerBody, readNativeRange, readRangeBatches } from './nativeRange';
import { nodeAsciiText } from './nodeAsciiText';
import type { RecordBatch } from './rangeRecords';
import { readNativeStream } from './readNativeStream';
import { chunksOf } from './test/chunksOf';
import { concat } from './test/fuzzArbitraries';

const enc = new TextEncoder();
const BOM = '\uFEFF';

const line = fc.oneof(
  fc.constant(''),
  fc.constant(' \t'),
  fc.constant(BOM),
  fc.constant(`${BOM}${BOM}{"kind":"read","id":"two marks"}`),
  fc.constant('{"kind":"input","id":"a","session":"s","op":"allow","key":"k","accept_seq":1,"ts":"x"}'),
  fc.constant(`${BOM}{"kind":"input","id":"marked","op":"allow","accept_seq":2}`),
  fc.constant('{"kind":"write","resource":"r","actor":"u","fields":{"a":1,"__proto__":{"b":-1}},"extra":"é✓"}'),
  fc.constant('{"kind":"read","accepted":false,"resource":"r","version":"v","actor":"u"}'),
  fc.constant('{"kind":"command","id":7,"task":"T","revision":2,"payload":{"n":[1,2,{"x":null}]},"outcome":true}'),
  fc.constant('{"kind":"eval","case_id":"c","status":"pass","note":"ü","0":"zero","__proto__":{"p":1}}'),
  fc.constant('{"kind":"eval","id":"e","score":-0,"nested":{"z":-0.0}}'),
  fc.constant('{"kind":"input","id":-0,"op":"allow"}'),
  fc.constant('{"kind":"input","accept_seq":"2"}'),
  fc.constant('{"kind":"input","id":9007199254740993,"op":"allow","accept_seq":3}'),
  fc.constant('{"kind":"eval","id":9007199254740993,"score":12345678901234567891}'),
  fc.constant('{"kind":"command","id":"w","payload":{"amount":9007199254740993},"round":1e400}'),
  fc.constant('{"kind":"toString","id":"t","session":"constructor"}'),
  fc.constant('not json'),
  fc.constant('[1,2]'),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
);
/** A line, or bytes that are not UTF-8 inside a record and outside one. */
const lineBytes = fc.oneof({ weight: 8, arbitrary: line.map((l) => enc.encode(l)) }, fc.constant(Uint8Array.of(0x7b, 0x22, 0x69, 0x64, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d)), fc.constant(Uint8Array.of(0xc3, 0x28)));
const file = fc.array(fc.tuple(lineBytes, fc.constantFrom('\n', '\r\n', '\r')), { maxLength: 30 }).map((parts) => concat(...parts.flatMap(([l, end]) => [l, enc.encode(end)])));

/** Where a range can start: just after a \n, never at byte 0 nor at the end. */
function splitPoints(bytes: Uint8Array): number[] {
  const at: number[] = [];
  for (let i = 0; i < bytes.length - 1; i++) if (bytes[i] === 10) at.push(i + 1);
  return at;
}

describe('a native file read in two ranges', () => {
  it('gives the single read’s body, read on by one reader or joined from batches, for any split at a \\n and any chunking', async () => {
    await fc.assert(
      fc.asyncProperty(file, fc.nat(), fc.array(fc.nat(), { maxLength: 6 }), fc.array(fc.nat(), { maxLength: 6 }), fc.boolean(), fc.integer({ min: 6, max: 200 }), async (bytes, pick, cutsA, cutsB, ascii, maxLineChars) => {
        const points = splitPoints(bytes);
        fc.pre(points.length > 0);
        const split = points[pick % points.length]!;
        const limits = { ...DEFAULT_LIMITS, maxLineChars };
        const options = ascii ? { asciiText: nodeAsciiText } : {};
        const whole = await readNativeStream(chunksOf(bytes, [...cutsA, ...cutsB]), 'f', 0, { compact: true, limits, ...options });
        const { contentBytes: _, ...wholeBody } = whole;
        const first = () => chunksOf(bytes.subarray(0, split), cutsA);
        const rest = () => chunksOf(bytes.subarray(split), cutsB);

        const one = new NativeLineReader('f', 0, limits, true);
        const a = await readNativeRange(first(), one, 0, limits, options);
        const b = await readNativeRange(rest(), one, split, limits, options);
        expect(readerBody(one, [...a.invalidLines, ...b.invalidLines], a.contentBytes + b.contentBytes)).toStrictEqual(whole);

        const reader = new NativeLineReader('f', 0, limits, true);
        const firstLines = await readNativeRange(first(), reader, 0, limits, options);
        const batches: RecordBatch[] = [];
        // As postMessage hands them to the other thread.
        const totals = await readRangeBatches(rest(), 'f', 0, split, limits, (batch) => batches.push(structuredClone(batch)), options);
        const joined = joinRanges(reader, firstLines, batches, totals);
        expect(joined.contentBytes).toBe(bytes.length);
        const { contentBytes: __, ...joinedBody } = joined;
        expect(joinedBody).toStrictEqual(wholeBody);
      }),
      { numRuns: 600 },
    );
  });

  it('moves records that JSON cannot carry as raw lines, and the rest as columns', async () => {
    const text = [
      '{"kind":"input","id":"a","op":"allow","accept_seq":1}',
      '{"kind":"input","id":"b","op":"allow","accept_seq":2}',
      '{"kind":"eval","id":"e","score":-0}',
      '{"kind":"eval","id":9007199254740993,"score":1}',
      '{"kind":"eval","id":"p","__proto__":{"x":1}}',
    ].join('\n');
    const batches: RecordBatch[] = [];
    await readRangeBatches(chunksOf(enc.encode(text), []), 'f', 0, 100, DEFAULT_LIMITS, (b) => batches.push(b));
    expect(batches.flatMap((b) => Array.from(b.shape))).toEqual([0, 0, -1, -1, -1]);
    expect(batches.flatMap((b) => b.raw)).toEqual(text.split('\n').slice(2));
  });
});
