export interface DecodedText {
  readonly text: string;
  readonly encoding: 'utf-8' | 'utf-16le' | 'utf-16be';
  readonly gzip: boolean;
  readonly bom: boolean;
  /** UTF-16 without a byte-order mark, told by its first bytes (bomlessUtf16). */
  readonly bomless16?: boolean;
  /** Text lines (1-based, as `lineRanges` counts them) that held invalid sequences, now U+FFFD; empty when none. */
  readonly invalidLines: readonly number[];
}

export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/** A whole input that is gzip: one that starts with its magic number, or holds only its first byte (a gzip cut off after one byte; no text starts with 0x1f). */
export function isGzipInput(bytes: Uint8Array): boolean {
  return isGzip(bytes) || (bytes.length === 1 && bytes[0] === 0x1f);
}

export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/**
 * Bytes to text. A byte-order mark picks the encoding and is dropped; without
 * one the text is UTF-8. Invalid sequences become U+FFFD so that only the
 * lines holding them are affected, and those lines are named: a replacement
 * character that was not in the file must never pass unremarked.
 */
export function decodeText(bytes: Uint8Array, gzip = false): DecodedText {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { ...decodeAs('utf-8', bytes.subarray(3)), encoding: 'utf-8', gzip, bom: true };
  }
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) {
    return { ...decodeAs('utf-16le', bytes.subarray(2)), encoding: 'utf-16le', gzip, bom: true };
  }
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) {
    return { ...decodeAs('utf-16be', bytes.subarray(2)), encoding: 'utf-16be', gzip, bom: true };
  }
  const bomless = bomlessUtf16(bytes);
  if (bomless) return { ...decodeAs(bomless, bytes), encoding: bomless, gzip, bom: false, bomless16: true };
  return { ...decodeAs('utf-8', bytes), encoding: 'utf-8', gzip, bom: false };
}

/**
 * UTF-16 without a byte-order mark, by RFC 4627's rule for JSON: its first
 * two characters are ASCII, so the first four bytes are `xx 00 xx 00`
 * (little-endian) or `00 xx 00 xx` (big-endian). UTF-8 text never holds a NUL
 * there; read as UTF-8, every line would be rejected for its NULs.
 */
export function bomlessUtf16(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  if (bytes.length < 4) return null;
  const [a, b, c, d] = [bytes[0]!, bytes[1]!, bytes[2]!, bytes[3]!];
  if (a !== 0 && b === 0 && c !== 0 && d === 0) return 'utf-16le';
  if (a === 0 && b !== 0 && c === 0 && d !== 0) return 'utf-16be';
  return null;
}

/** UTF-8 bytes to text, with the lines that held invalid sequences (for members and cells that are not whole files). */
export function decodeUtf8(bytes: Uint8Array): { text: string; invalidLines: readonly number[] } {
  return decodeAs('utf-8', bytes);
}

function decodeAs(encoding: DecodedText['encoding'], bytes: Uint8Array): { text: string; invalidLines: readonly number[] } {
  // The strict decoder is the fast path: almost every file is valid, and then nothing is scanned twice.
  try {
    return { text: new TextDecoder(encoding, { fatal: true }).decode(bytes), invalidLines: [] };
  } catch {
    const text = new TextDecoder(encoding).decode(bytes);
    return { text, invalidLines: encoding === 'utf-8' ? invalidUtf8Lines(bytes) : invalidUtf16Lines(bytes, encoding === 'utf-16le') };
  }
}

/**
 * Lines holding bytes that are not UTF-8, found the way the WHATWG decoder
 * finds them (a bad byte is one error, a truncated sequence is one error).
 * Line ends are ASCII and never part of a multi-byte sequence, so counting
 * them in the bytes gives the same numbers as counting them in the text.
 */
function invalidUtf8Lines(bytes: Uint8Array): number[] {
  const lines: number[] = [];
  const mark = (line: number) => {
    if (lines[lines.length - 1] !== line) lines.push(line);
  };
  let line = 1;
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i]!;
    if (b < 0x80) {
      if (b === 0x0a || (b === 0x0d && bytes[i + 1] !== 0x0a)) line++;
      i++;
      continue;
    }
    let need = 0;
    let lo = 0x80;
    let hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) lo = 0xa0;
      if (b === 0xed) hi = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) lo = 0x90;
      if (b === 0xf4) hi = 0x8f;
    }
    if (need === 0) {
      mark(line);
      i++;
      continue;
    }
    let j = 1;
    for (; j <= need; j++) {
      const c = bytes[i + j];
      if (c === undefined || c < (j === 1 ? lo : 0x80) || c > (j === 1 ? hi : 0xbf)) break;
    }
    if (j <= need) mark(line);
    // A bad continuation byte is not consumed: it may start the next character or be a line end.
    i += j <= need ? j : need + 1;
  }
  return lines;
}

/** Lines holding an unpaired surrogate, or the odd last byte of a UTF-16 text. */
function invalidUtf16Lines(bytes: Uint8Array, littleEndian: boolean): number[] {
  const lines: number[] = [];
  const mark = (line: number) => {
    if (lines[lines.length - 1] !== line) lines.push(line);
  };
  const units = bytes.length >> 1;
  const unit = (k: number) => (littleEndian ? bytes[2 * k]! | (bytes[2 * k + 1]! << 8) : (bytes[2 * k]! << 8) | bytes[2 * k + 1]!);
  let line = 1;
  for (let k = 0; k < units; k++) {
    const u = unit(k);
    if (u === 0x0a || (u === 0x0d && (k + 1 >= units || unit(k + 1) !== 0x0a))) line++;
    else if (u >= 0xd800 && u <= 0xdbff) {
      if (k + 1 < units && unit(k + 1) >= 0xdc00 && unit(k + 1) <= 0xdfff) k++;
      else mark(line);
    } else if (u >= 0xdc00 && u <= 0xdfff) mark(line);
  }
  if (bytes.length % 2 === 1) mark(line);
  return lines;
}
