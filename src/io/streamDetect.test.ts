import { describe, expect, it } from 'vitest';
import { looksLikeCodexRollout, looksLikeNativeLines } from './streamDetect';

const enc = new TextEncoder();
const envelope = '{"timestamp":"2026-09-18T09:31:00.000Z","type":"session_meta","payload":{"id":"t"}}';

describe('looksLikeCodexRollout', () => {
  it('claims a rollout from its whole lines, never from a line the head cuts off', () => {
    expect(looksLikeCodexRollout(enc.encode(`${envelope}\n{"timest`), false)).toBe(true);
    expect(looksLikeCodexRollout(enc.encode(envelope), false)).toBe(false);
    expect(looksLikeCodexRollout(enc.encode(envelope), true)).toBe(true);
    // The head ends inside line 2, which would parse on its own but may go on in the file.
    expect(looksLikeCodexRollout(enc.encode(`not json\n${envelope}`), false)).toBe(false);
    expect(looksLikeCodexRollout(enc.encode(`not json\r${envelope}\r`), false)).toBe(true);
  });

  it('leaves native lines, other formats and UTF-16 to their readers', () => {
    const native = enc.encode('{"kind":"input","id":"a","accept_seq":1}\n');
    expect(looksLikeCodexRollout(native, true)).toBe(false);
    expect(looksLikeNativeLines(native)).toBe(true);
    expect(looksLikeNativeLines(enc.encode(`${envelope}\n`))).toBe(false);
    expect(looksLikeCodexRollout(enc.encode('{"version":2,"status":"success","eval":{"task":"t"}}\n'), true)).toBe(false);
    expect(looksLikeCodexRollout(Uint8Array.of(0xff, 0xfe, ...enc.encode(`${envelope}\n`)), true)).toBe(false);
  });
});

describe('looksLikeNativeLines and documents written over several lines', () => {
  const a = '{"kind":"input","id":"m2","accept_seq":2,"op":"revoke"}';
  const b = '{"kind":"input","id":"m1","accept_seq":1,"op":"allow"}';

  it('never streams one document whose inner lines each parse as an object (the loader reads it whole)', () => {
    expect(looksLikeNativeLines(enc.encode(`[\n  ${a},\n  ${b}\n]\n`))).toBe(false);
    expect(looksLikeNativeLines(enc.encode(`{"records": [\n  ${a},\n  ${b}\n]}\n`))).toBe(false);
    expect(looksLikeNativeLines(enc.encode(`{\n  "runs": [\n    ${b}\n  ]\n}\n`))).toBe(false);
  });

  it('streams a log whose first line was cut off mid-write, and reads whole one whose first line opens a document', () => {
    expect(looksLikeNativeLines(enc.encode(`{"kind":"input","id":"m0","acc\n${a}\n${b}\n`))).toBe(true);
    expect(looksLikeNativeLines(enc.encode(`[${a},\n${b}]\n`))).toBe(false);
    expect(looksLikeNativeLines(enc.encode(`{"records":\n[${a},\n${b}]}\n`))).toBe(false);
    expect(looksLikeNativeLines(enc.encode(`{"note": "x",\n"records": [${a}]}\n`))).toBe(false);
  });

  it('still streams JSON Lines, with byte-order marks on its first line or blank lines before it', () => {
    expect(looksLikeNativeLines(enc.encode(`${a}\n${b}\n`))).toBe(true);
    expect(looksLikeNativeLines(enc.encode(`\ufeff\ufeff${a}\n${b}\n`))).toBe(true);
    expect(looksLikeNativeLines(enc.encode(`\n  \n${a}\n${b}\n`))).toBe(true);
  });
});
