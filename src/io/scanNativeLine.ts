import { KIND_FIELDS } from '../core/recordColumns';

/**
 * The members a native line's scan keeps: the record's own five, then every
 * field some kind keeps (KIND_FIELDS), each once.
 */
export const SCANNED_NAMES: readonly string[] = ['kind', 'id', 'session', 'accepted', 'accept_seq', ...new Set([...KIND_FIELDS.values()].flat())];
export const KIND = 0;
export const ID = 1;
export const SESSION = 2;
export const ACCEPTED_NAME = 3;
export const ACCEPT_SEQ = 4;

/** Deepest nesting the scan follows; a deeper line is read by JSON.parse, which also says when it is too deep. */
const SCAN_DEPTH = 64;

/** Where each kept member's value is in the line scanned last: `starts[n]`, `ends[n]` for SCANNED_NAMES[n], -1 when absent. */
export class ScannedLine {
  readonly starts = new Int32Array(SCANNED_NAMES.length);
  readonly ends = new Int32Array(SCANNED_NAMES.length);
  readonly scanner = new ByteScanner();
}

const encoder = new TextEncoder();
const NAME_BYTES = SCANNED_NAMES.map((name) => encoder.encode(name));
const NAME_TABLE_SIZE = 256;
const NAME_TABLE = buildNameTable();

/**
 * Scans `buf[start, end)`, one line of a native log, in the grammar most
 * lines are written in: ASCII without control characters (whitespace is
 * spaces and tabs), one object whose
 * member names have no escapes and name no kept member twice, nested at most
 * SCAN_DEPTH deep. True, with the kept members' value tokens in `out`, when
 * the line is valid JSON in that grammar; false for every other line, which
 * the caller reads with JSON.parse as the object readers do (so every reason
 * a line is refused comes from the same place). `maxDepth` is the readers'
 * nesting limit.
 */
export function scanNativeLine(buf: Uint8Array, start: number, end: number, maxDepth: number, out: ScannedLine): boolean {
  out.starts.fill(-1);
  const scanner = out.scanner;
  scanner.reset(buf, end, Math.min(maxDepth, SCAN_DEPTH));
  let i = scanner.space(start);
  if (buf[i] !== 0x7b) return false;
  i = scanner.space(i + 1);
  if (buf[i] === 0x7d) return scanner.space(i + 1) === end;
  for (;;) {
    if (buf[i] !== 0x22) return false;
    const nameStart = i + 1;
    let nameEnd = nameStart;
    for (; nameEnd < end; nameEnd++) {
      const c = buf[nameEnd]!;
      if (c === 0x22 || c === 0x5c || c < 0x20 || c > 0x7e) break;
    }
    if (nameEnd === end || buf[nameEnd] !== 0x22) return false;
    i = scanner.space(nameEnd + 1);
    if (buf[i] !== 0x3a) return false;
    const valueStart = scanner.space(i + 1);
    const valueEnd = scanner.value(valueStart, 2);
    if (valueEnd < 0) return false;
    const name = nameIndex(buf, nameStart, nameEnd);
    if (name >= 0) {
      if (out.starts[name] !== -1) return false;
      out.starts[name] = valueStart;
      out.ends[name] = valueEnd;
    }
    i = scanner.space(valueEnd);
    if (buf[i] === 0x2c) {
      i = scanner.space(i + 1);
      continue;
    }
    if (buf[i] !== 0x7d) return false;
    return scanner.space(i + 1) === end;
  }
}

/** A validating walk over JSON tokens within `buf[, end)`: each step returns where the token ends, or -1 when it is not valid JSON here. */
class ByteScanner {
  private buf: Uint8Array = new Uint8Array(0);
  private end = 0;
  private maxDepth = 0;

  reset(buf: Uint8Array, end: number, maxDepth: number): void {
    this.buf = buf;
    this.end = end;
    this.maxDepth = maxDepth;
  }

  space(i: number): number {
    const buf = this.buf;
    while (i < this.end && (buf[i] === 0x20 || buf[i] === 0x09)) i++;
    return i;
  }

  /** The value at `i`, at nesting `depth` (the record itself is 1). */
  value(i: number, depth: number): number {
    if (i >= this.end) return -1;
    const c = this.buf[i]!;
    if (c === 0x22) return this.string(i);
    if (c === 0x7b || c === 0x5b) return depth > this.maxDepth ? -1 : c === 0x7b ? this.object(i, depth) : this.array(i, depth);
    if (c === 0x74) return this.word(i, 'true');
    if (c === 0x66) return this.word(i, 'false');
    if (c === 0x6e) return this.word(i, 'null');
    return this.number(i);
  }

  private string(i: number): number {
    const buf = this.buf;
    for (i++; i < this.end; i++) {
      const c = buf[i]!;
      if (c === 0x22) return i + 1;
      // Other bytes than printable ASCII (a control character, or UTF-8 for the decoder to read) are left to JSON.parse.
      if (c < 0x20 || c > 0x7e) return -1;
      if (c !== 0x5c) continue;
      if (++i >= this.end) return -1;
      const e = buf[i];
      if (e === 0x75) {
        for (let k = 1; k <= 4; k++) if (i + k >= this.end || !isHex(buf[i + k])) return -1;
        i += 4;
      } else if (e !== 0x22 && e !== 0x5c && e !== 0x2f && e !== 0x62 && e !== 0x66 && e !== 0x6e && e !== 0x72 && e !== 0x74) {
        return -1;
      }
    }
    return -1;
  }

  private object(i: number, depth: number): number {
    i = this.space(i + 1);
    if (this.buf[i] === 0x7d) return i + 1;
    for (;;) {
      if (this.buf[i] !== 0x22) return -1;
      i = this.string(i);
      if (i < 0) return -1;
      i = this.space(i);
      if (this.buf[i] !== 0x3a) return -1;
      i = this.value(this.space(i + 1), depth + 1);
      if (i < 0) return -1;
      i = this.space(i);
      if (this.buf[i] === 0x7d) return i + 1;
      if (this.buf[i] !== 0x2c) return -1;
      i = this.space(i + 1);
    }
  }

  private array(i: number, depth: number): number {
    i = this.space(i + 1);
    if (this.buf[i] === 0x5d) return i + 1;
    for (;;) {
      i = this.value(i, depth + 1);
      if (i < 0) return -1;
      i = this.space(i);
      if (this.buf[i] === 0x5d) return i + 1;
      if (this.buf[i] !== 0x2c) return -1;
      i = this.space(i + 1);
    }
  }

  private word(i: number, word: string): number {
    if (i + word.length > this.end) return -1;
    for (let k = 0; k < word.length; k++) if (this.buf[i + k] !== word.charCodeAt(k)) return -1;
    return i + word.length;
  }

  /** `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?` */
  private number(i: number): number {
    const buf = this.buf;
    const end = this.end;
    if (buf[i] === 0x2d) i++;
    if (i < end && buf[i] === 0x30) i++;
    else if (i < end && isDigit(buf[i]!)) while (i < end && isDigit(buf[i]!)) i++;
    else return -1;
    if (i < end && buf[i] === 0x2e) {
      i++;
      if (!(i < end && isDigit(buf[i]!))) return -1;
      while (i < end && isDigit(buf[i]!)) i++;
    }
    if (i < end && (buf[i] === 0x65 || buf[i] === 0x45)) {
      i++;
      if (i < end && (buf[i] === 0x2b || buf[i] === 0x2d)) i++;
      if (!(i < end && isDigit(buf[i]!))) return -1;
      while (i < end && isDigit(buf[i]!)) i++;
    }
    return i;
  }
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function isHex(c: number | undefined): boolean {
  return c !== undefined && ((c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66));
}

/** A hash of a member name from its length and three of its bytes: names differ early or late, and every line has several. */
function nameHash(buf: Uint8Array, start: number, end: number): number {
  const length = end - start;
  if (length === 0) return 0;
  return (length * 37 + buf[start]! * 11 + buf[start + (length >> 1)]! * 5 + buf[end - 1]!) & (NAME_TABLE_SIZE - 1);
}

function buildNameTable(): Int8Array {
  const table = new Int8Array(NAME_TABLE_SIZE).fill(-1);
  NAME_BYTES.forEach((bytes, n) => {
    let slot = nameHash(bytes, 0, bytes.length);
    while (table[slot] !== -1) slot = (slot + 1) & (NAME_TABLE_SIZE - 1);
    table[slot] = n;
  });
  return table;
}

/** The index in SCANNED_NAMES of the member name `buf[start, end)`, or -1. */
function nameIndex(buf: Uint8Array, start: number, end: number): number {
  const length = end - start;
  for (let slot = nameHash(buf, start, end); ; slot = (slot + 1) & (NAME_TABLE_SIZE - 1)) {
    const n = NAME_TABLE[slot]!;
    if (n === -1) return -1;
    const bytes = NAME_BYTES[n]!;
    if (bytes.length !== length) continue;
    let k = 0;
    while (k < length && bytes[k] === buf[start + k]) k++;
    if (k === length) return n;
  }
}
