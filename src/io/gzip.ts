import { Gunzip } from 'fflate';
import { plural } from '../core/countText';
import type { InputNote } from '../core/model';
import { isGzip } from './decode';
import { formatSize } from './limits';

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
    if (code === UNEXPECTED_EOF) problem = CUT_OFF;
    else if (code === INVALID_HEADER && total > 0) problem = GZIP_FOLLOWED_BY_OTHER_BYTES;
    else throw new CorruptGzipError((e as Error).message);
  }
  memberCrcs.push(crc32Final(crc));
  problem ??= trailerProblem(bytes, { starts: memberStarts, outputAt: outputAtMember, crcs: memberCrcs }, total);
  // fflate ends a stream cut in its header, or at some points of its data, without a word; the trailer check finds those too.
  if (problem === CUT_OFF && total === 0) throw new GzipCutOffError(gzipCutBeforeContent(bytes.length));
  return { bytes: concat(chunks, total), problem: problem === CUT_OFF ? gzipCutOffProblem(total) : problem };
}

/** Stands for "the stream ends early" until the bytes decompressed are known. */
const CUT_OFF = 'cut off';

/** Why a gzip cut off before any of its content came out is refused. */
function gzipCutBeforeContent(fileBytes: number): string {
  return `a gzip file cut off after ${plural(fileBytes, 'byte')}, before any of its content could be decompressed, so there is nothing to read`;
}

/** What a reader says of a gzip whose data stops being gzip before the file ends. */
export const GZIP_FOLLOWED_BY_OTHER_BYTES = 'the gzip data is damaged or followed by bytes that are not gzip; what could be decompressed is read, and those bytes are ignored.';

/**
 * The input's note for a gzip's problem, marked partial: what was read is not the whole file, and
 * "No findings" over it must say so (notWhollyRead). Every reader that keeps such a gzip says it so.
 */
export function gzipProblemNote(problem: string): InputNote {
  return { line: null, message: problem, partial: true };
}

/** What a reader says of a gzip that ends early, having read the `total` bytes that could be decompressed. */
export function gzipCutOffProblem(total: number): string {
  return `the gzip stream ends early (the file was probably cut off while being written): ${decompressedAreRead(total)}, and the last line may be incomplete.`;
}

/** `the 1 byte that could be decompressed is read`: a gzip whose content is one byte long is said of as one. */
function decompressedAreRead(total: number): string {
  return `the ${plural(total, 'byte')} that could be decompressed ${total === 1 ? 'is' : 'are'} read`;
}

interface Members {
  /** Where each member starts in the compressed bytes, the output before it, and its output's CRC-32. */
  readonly starts: readonly number[];
  readonly outputAt: readonly number[];
  readonly crcs: readonly number[];
}

/**
 * Each member ends with the CRC-32 and the size (mod 2^32) of its output. A
 * member whose output does not match was damaged: fflate checks neither, so
 * without this a damaged file would load invented lines silently. Only a
 * trailer that is there is compared: the last member's may be cut off, and
 * its last eight bytes are then compressed data, not a trailer.
 */
function trailerProblem(bytes: Uint8Array, members: Members, total: number): string | null {
  const { starts, outputAt, crcs } = members;
  const last = starts.length - 1;
  for (let k = 0; k <= last; k++) {
    const end = k < last ? starts[k + 1]! : bytes.length;
    const produced = (k < last ? outputAt[k + 1]! : total) - outputAt[k]!;
    if (end - starts[k]! < MIN_MEMBER_BYTES) return CUT_OFF;
    if (trailerMatches(bytes, end - 8, produced, crcs[k]!) && (k < last || produced > 0 || memberEndsWithTrailer(bytes.subarray(starts[k]!)))) continue;
    // A member before the last one ended where fflate found the next header, so its trailer is there. An empty
    // member's trailer is eight zeros, which zeros after it, or the member cut in its last zero, match as well.
    if (k === last) {
      const after = bytesAfterTrailer(bytes, starts[k]!, produced, crcs[k]!);
      if (after !== null) return after;
    }
    const which = starts.length > 1 ? `gzip member ${k + 1}` : 'the gzip data';
    return `${which} does not match its trailer (size or CRC-32): the file is damaged; ${decompressedAreRead(total)}.`;
  }
  return null;
}

/** A gzip header (10 bytes), the shortest deflate stream (2) and the trailer (8). */
const MIN_MEMBER_BYTES = 20;

/**
 * Why the last member's output does not match the file's last eight bytes:
 * null when those bytes are its trailer, and it is wrong; CUT_OFF when the
 * stream is cut short (in its data, its trailer, or a next member's first
 * bytes); or the words for a few bytes after a whole member (fflate passes
 * over fewer than four without a word).
 */
function bytesAfterTrailer(bytes: Uint8Array, start: number, produced: number, crc: number): string | null {
  const member = bytes.subarray(start);
  if (memberEndsWithTrailer(member)) return null;
  for (let extra = 1; extra <= 3; extra++) {
    const whole = member.subarray(0, member.length - extra);
    if (!trailerMatches(whole, whole.length - 8, produced, crc) || !memberEndsWithTrailer(whole)) continue;
    const after = member.subarray(whole.length);
    return after[0] === 0x1f && (after.length === 1 || isGzip(after)) ? CUT_OFF : GZIP_FOLLOWED_BY_OTHER_BYTES;
  }
  return CUT_OFF;
}

/**
 * Whether a member's deflate data ends exactly eight bytes (its trailer)
 * before its bytes do. fflate says where a member ends only by finding the
 * next one's header, so a small empty member is put after it: its header
 * is found right at the end only when the deflate data came to its end
 * and the trailer is whole. Run only on a member already found wrong, so
 * a whole file is inflated once.
 */
function memberEndsWithTrailer(member: Uint8Array): boolean {
  let next = -1;
  const probe = new Gunzip(() => undefined);
  probe.onmember = (offset) => {
    if (next < 0) next = offset;
  };
  try {
    for (let at = 0; at < member.length; at += STEP) probe.push(member.subarray(at, at + STEP), false);
    probe.push(EMPTY_MEMBER, true);
  } catch {
    // Data cut short runs on into the empty member, which it may read as anything.
  }
  return next === member.length;
}

/** gzip of nothing: header, an empty final block, CRC-32 0 and size 0. */
const EMPTY_MEMBER = Uint8Array.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0]);

function trailerMatches(bytes: Uint8Array, at: number, produced: number, crc: number): boolean {
  return at >= 0 && readU32(bytes, at) === crc && readU32(bytes, at + 4) === produced % 2 ** 32;
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
