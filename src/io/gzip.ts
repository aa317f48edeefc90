import { Gunzip } from 'fflate';
import { formatCount, formatSize } from './limits';

/** Content that would decompress past the content limit; loadInput turns it into an unreadable-input error. */
export class ContentTooLargeError extends Error {}

/** A gzip stream that is damaged (not merely cut short), so nothing of it can be trusted. */
export class CorruptGzipError extends Error {}

/** A gzip stream that ends before any of its content came out: its message is the whole reason, said as is. */
export class GzipCutOffError extends Error {}

export interface Gunzipped {
  readonly bytes: Uint8Array;
  /** Set when the stream ends early or does not end where its trailer says; what came out is still returned. */
  readonly problem: string | null;
}

/**
 * Compressed bytes handed to the inflater at a time. Deflate expands at most
 * about 1032:1, so no single step can produce more than ~16 MiB beyond the
 * limit before the limit is checked.
 */
const STEP = 16 * 1024;

/** fflate's error codes that mean the stream ran out (0) or a later member's header is not gzip (6). */
const UNEXPECTED_EOF = 0;
const INVALID_HEADER = 6;

/**
 * Gunzips every member of a (possibly concatenated) gzip file, refusing to
 * produce more than `maxBytes`. gunzipSync is not used: it reads only the
 * first member and trusts the size in the trailer, so `cat a.gz b.gz` or a
 * lying trailer would silently lose content. A stream cut off while being
 * written keeps what could be inflated, with a problem that says so.
 */
export function gunzipCapped(bytes: Uint8Array, maxBytes: number): Gunzipped {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const memberStarts = [0];
  const outputAtMember = [0];
  const memberCrcs: number[] = [];
  let crc = CRC_START;
  const inflater = new Gunzip((data) => {
    total += data.length;
    if (total > maxBytes) {
      throw new ContentTooLargeError(`decompresses to more than ${formatSize(maxBytes)}, the limit for one input; refused before inflating further`);
    }
    crc = crc32Update(crc, data);
    chunks.push(data);
  });
  // Called when the next member's header is read, after all of the previous member's output.
  inflater.onmember = (offset) => {
    memberStarts.push(offset);
    outputAtMember.push(total);
    memberCrcs.push(crc32Final(crc));
    crc = CRC_START;
  };
  let problem: string | null = null;
  try {
    for (let at = 0; at < bytes.length; at += STEP) inflater.push(bytes.subarray(at, at + STEP), at + STEP >= bytes.length);
  } catch (e) {
    if (e instanceof ContentTooLargeError) throw e;
    const code = (e as { code?: number }).code;
    if (code === UNEXPECTED_EOF && total > 0) problem = gzipCutOffProblem(total);
    else if (code === INVALID_HEADER && total > 0) problem = GZIP_FOLLOWED_BY_OTHER_BYTES;
    else if (code === UNEXPECTED_EOF) {
      throw new GzipCutOffError(`a gzip file cut off after ${formatCount(bytes.length)} bytes, before any of its content could be decompressed, so there is nothing to read`);
    }
    else throw new CorruptGzipError((e as Error).message);
  }
  memberCrcs.push(crc32Final(crc));
  return { bytes: concat(chunks, total), problem: problem ?? trailerProblem(bytes, { starts: memberStarts, outputAt: outputAtMember, crcs: memberCrcs }, total) };
}

/** What a reader says of a gzip whose data stops being gzip before the file ends. */
export const GZIP_FOLLOWED_BY_OTHER_BYTES = 'the gzip data is damaged or followed by bytes that are not gzip; what could be decompressed is read, and those bytes are ignored.';

/** What a reader says of a gzip that ends early, having read the `total` bytes that could be decompressed. */
export function gzipCutOffProblem(total: number): string {
  return `the gzip stream ends early (the file was probably cut off while being written): the ${formatCount(total)} bytes that could be decompressed are read, and the last line may be incomplete.`;
}

interface Members {
  /** Where each member starts in the compressed bytes, the output before it, and its output's CRC-32. */
  readonly starts: readonly number[];
  readonly outputAt: readonly number[];
  readonly crcs: readonly number[];
}

/**
 * Each member ends with the CRC-32 and the size (mod 2^32) of its output. A
 * member whose output does not match was cut off or damaged: fflate checks
 * neither, so without this a damaged file would load invented lines silently.
 */
function trailerProblem(bytes: Uint8Array, members: Members, total: number): string | null {
  const { starts, outputAt, crcs } = members;
  for (let k = 0; k < starts.length; k++) {
    const end = k + 1 < starts.length ? starts[k + 1]! : bytes.length;
    const produced = (k + 1 < outputAt.length ? outputAt[k + 1]! : total) - outputAt[k]!;
    if (end - starts[k]! < 18) return gzipCutOffProblem(total);
    const crc = readU32(bytes, end - 8);
    const isize = readU32(bytes, end - 4);
    if (isize !== produced % 2 ** 32 || crc !== crcs[k]) {
      const which = starts.length > 1 ? `gzip member ${k + 1}` : 'the gzip data';
      return `${which} does not match its trailer (size or CRC-32): the file was cut off or damaged, or has bytes after the gzip data; the ${formatCount(total)} bytes that could be decompressed are read.`;
    }
  }
  return null;
}

function readU32(bytes: Uint8Array, at: number): number {
  return (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24)) >>> 0;
}

const CRC_START = 0xffffffff;
const CRC_TABLE = (() => {
  const table = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c;
  }
  return table;
})();

function crc32Update(crc: number, data: Uint8Array): number {
  let c = crc;
  for (let i = 0; i < data.length; i++) c = CRC_TABLE[(c ^ data[i]!) & 0xff]! ^ (c >>> 8);
  return c;
}

function crc32Final(crc: number): number {
  return (crc ^ 0xffffffff) >>> 0;
}

function concat(chunks: readonly Uint8Array[], total: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
