import { canonicalJson } from '../core/canonical';
import type { JsonValue } from '../core/model';
import { isRounded, WideNumber } from '../core/wideNumber';
import { asciiText } from '../core/asciiText';
import { holdsRoundedNumber } from './exactJson';
import { utf8Bytes } from './utf8Bytes';

/** What `tokenIndex` answers for a token whose value JSON.parse would round: the line must be read exactly instead. */
export const NEEDS_EXACT = -2;


/**
 * One index per distinct JSON value, found from the bytes of the token that
 * writes it, so a value repeated on a million lines is made once: a token
 * seen before costs a hash of its bytes and a compare, no string. A scalar
 * written another way (`"\u0061"`, `1.0`) is found by its canonical spelling
 * (JSON.stringify's; String() for numbers), so equal scalars share an index;
 * an object or array is keyed by its spelling as written, or by its
 * canonical JSON when it comes as a value.
 */
export class ValueInterner {
  readonly values: JsonValue[] = [];
  private table = new Int32Array(1 << 12).fill(-1);
  private hashes = new Int32Array(1 << 10);
  private starts = new Int32Array(1 << 10);
  private lengths = new Int32Array(1 << 10);
  private arena = new Uint8Array(1 << 16);
  private used = 0;
  /** Slots of the hash table looked at so far, for the tests that hold the lookups to constant work each. */
  probes = 0;
  /** Keys held: a spelling that is not canonical is held too, as another key of the same index. */
  private keys = 0;
  private indexOfKey = new Int32Array(1 << 10);

  /**
   * The index of the value `buf[start, end)` writes: one JSON token of ASCII
   * bytes, valid JSON (the scanner has checked it). NEEDS_EXACT when JSON.parse
   * would round a number in it.
   */
  tokenIndex(buf: Uint8Array, start: number, end: number): number {
    const hash = hashBytes(buf, start, end);
    const found = this.find(buf, start, end, hash);
    if (found >= 0) return this.indexOfKey[found]!;
    const first = buf[start]!;
    if (first === 0x22 ? isCanonicalString(buf, start, end) : isCanonicalScalar(buf, start, end)) {
      return this.add(buf, start, end, hash, tokenValue(buf, start, end));
    }
    const value = tokenValue(buf, start, end);
    if (first === 0x7b || first === 0x5b) {
      if (holdsRoundedNumber(value)) return NEEDS_EXACT;
      return this.add(buf, start, end, hash, value);
    }
    if (typeof value === 'number' && (isRounded(value) || !Number.isFinite(value))) return NEEDS_EXACT;
    const index = this.valueIndex(value);
    this.addKey(buf, start, end, hash, index);
    return index;
  }

  /** The index of `value`, a value of a record read by JSON.parse (and read exactly where it rounded). */
  valueIndex(value: JsonValue): number {
    const key = utf8Bytes(canonicalKey(value));
    const hash = hashBytes(key, 0, key.length);
    const found = this.find(key, 0, key.length, hash);
    if (found >= 0) return this.indexOfKey[found]!;
    return this.add(key, 0, key.length, hash, value);
  }

  private add(buf: Uint8Array, start: number, end: number, hash: number, value: JsonValue): number {
    const index = this.values.length;
    this.values.push(value);
    this.addKey(buf, start, end, hash, index);
    return index;
  }

  private find(buf: Uint8Array, start: number, end: number, hash: number): number {
    const mask = this.table.length - 1;
    const length = end - start;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      this.probes++;
      const key = this.table[slot]!;
      if (key < 0) return -1;
      if (this.hashes[key] !== hash || this.lengths[key] !== length) continue;
      const at = this.starts[key]!;
      let i = 0;
      while (i < length && this.arena[at + i] === buf[start + i]) i++;
      if (i === length) return key;
    }
  }

  private addKey(buf: Uint8Array, start: number, end: number, hash: number, index: number): void {
    const key = this.keys++;
    if (key === this.hashes.length) {
      this.hashes = grown(this.hashes);
      this.starts = grown(this.starts);
      this.lengths = grown(this.lengths);
      this.indexOfKey = grown(this.indexOfKey);
    }
    const length = end - start;
    if (this.used + length > this.arena.length) {
      const arena = new Uint8Array(Math.max(this.arena.length * 2, this.used + length));
      arena.set(this.arena.subarray(0, this.used));
      this.arena = arena;
    }
    const arena = this.arena;
    for (let i = start, at = this.used; i < end; i++) arena[at++] = buf[i]!;
    this.hashes[key] = hash;
    this.starts[key] = this.used;
    this.lengths[key] = length;
    this.indexOfKey[key] = index;
    this.used += length;
    if (this.keys * 2 > this.table.length) this.rehash();
    else this.place(key);
  }

  private place(key: number): void {
    const mask = this.table.length - 1;
    let slot = this.hashes[key]! & mask;
    while (this.table[slot]! >= 0) slot = (slot + 1) & mask;
    this.table[slot] = key;
  }

  private rehash(): void {
    this.table = new Int32Array(this.table.length * 2).fill(-1);
    for (let key = 0; key < this.keys; key++) this.place(key);
  }
}

function grown(a: Int32Array): Int32Array<ArrayBuffer> {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}

/** FNV-1a. */
function hashBytes(buf: Uint8Array, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ buf[i]!, 16777619);
  return h;
}

/** The scanner hands over tokens of ASCII lines only; a string without escapes is its bytes. */
function tokenValue(buf: Uint8Array, start: number, end: number): JsonValue {
  if (buf[start] === 0x22) {
    let i = start + 1;
    while (i < end - 1 && buf[i] !== 0x5c) i++;
    if (i === end - 1) return asciiText(buf, start + 1, end - 1);
  }
  return JSON.parse(asciiText(buf, start, end)) as JsonValue;
}

/** A string token JSON.stringify would write the same: its only escapes are `\"` and `\\`. */
function isCanonicalString(buf: Uint8Array, start: number, end: number): boolean {
  for (let i = start + 1; i < end - 1; i++) {
    if (buf[i] !== 0x5c) continue;
    const next = buf[i + 1];
    if (next !== 0x22 && next !== 0x5c) return false;
    i++;
  }
  return true;
}

/** `true`, `false`, `null`, or an integer String() writes the same (isPlainInteger). */
function isCanonicalScalar(buf: Uint8Array, start: number, end: number): boolean {
  const first = buf[start]!;
  return first === 0x74 || first === 0x66 || first === 0x6e || isPlainInteger(buf, start, end);
}

/** An integer of at most 15 digits as String() writes a number JavaScript holds exactly: no leading zero, no `-0`, no `1.0`. */
export function isPlainInteger(buf: Uint8Array, start: number, end: number): boolean {
  let i = buf[start] === 0x2d ? start + 1 : start;
  if (end - i > 15 || end === i) return false;
  if (buf[i] === 0x30) return end - i === 1 && i === start;
  for (; i < end; i++) if (buf[i]! < 0x30 || buf[i]! > 0x39) return false;
  return true;
}

/** The spelling a value is keyed by: what the canonical spelling of its token would be. */
function canonicalKey(value: JsonValue): string {
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  if (value instanceof WideNumber) return value.text;
  if (value !== null && typeof value === 'object') return canonicalJson(value);
  return JSON.stringify(value);
}
