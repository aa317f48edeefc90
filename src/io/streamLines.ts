import type { RejectedLine } from '../core/model';
import { ByteLineSplitter, type LineBatch } from './byteLineSplitter';
import { parseJsonLine, type ParsedLine } from './jsonLine';
import { lineTooLongReason, type InputLimits } from './limits';
import { isBlank, lineRanges } from './lines';

/** A JSON Lines reader fed one line at a time, by a whole text or by a stream of chunks, so both count lines alike. */
export interface LineReader {
  /** Lines read so far, oversized ones included. */
  readonly lines: number;
  /**
   * The next line, as `text[start, end)`. `offset` and `length` say where its
   * raw text is (characters of the input's text, or bytes of the stream).
   */
  push(text: string, start: number, end: number, offset: number, length: number): void;
  /** The next line is longer than the stream reader holds; it was never decoded. */
  rejectOversized(byteLength: number): void;
}

/**
 * Counts lines, skips blank ones and parses the others as every JSON Lines
 * reader does; a subclass says what a parsed line becomes.
 */
export abstract class JsonLineReader implements LineReader {
  lines = 0;
  blank = 0;
  readonly rejected: RejectedLine[] = [];

  constructor(protected readonly limits: InputLimits) {}

  push(text: string, start: number, end: number, offset: number, length: number): void {
    const line = ++this.lines;
    if (isBlank(text, start, end)) {
      this.blank++;
      return;
    }
    this.take(line, parseJsonLine(text, start, end, this.limits), text, start, end, offset, length);
  }

  rejectOversized(byteLength: number): void {
    const line = ++this.lines;
    // Its length is known in bytes only: it was never decoded.
    this.rejected.push({ line, reason: `line ${line}: ${lineTooLongReason(byteLength, this.limits).replace('characters long', 'bytes long')}` });
  }

  /** Line `line` (not blank), parsed or with the reason it could not be; the arguments after it are push's. */
  protected abstract take(line: number, parsed: ParsedLine, text: string, start: number, end: number, offset: number, length: number): void;
}

export interface StreamedLines {
  /** Bytes of content read. */
  readonly contentBytes: number;
  /** Lines (1-based) whose invalid UTF-8 was read as U+FFFD. */
  readonly invalidLines: readonly number[];
  /** Whether the content's last byte ends a line, so its last line was written whole. */
  readonly endsWithLineBreak: boolean;
}

const UTF8_BYTES_PER_CHAR = 4;

/**
 * `buf[0, end)` as text when every byte is ASCII, else null: a faster way
 * than TextDecoder where the platform has one (Node's buffer), which must
 * give the text TextDecoder would.
 */
export type AsciiText = (buf: Uint8Array, end: number) => string | null;

/**
 * UTF-8 JSON Lines from a stream of byte chunks into `reader`, never holding
 * more than a chunk and a partial line. A line over the line limit in bytes
 * is dropped as it comes and rejected by its length.
 */
export async function readStreamLines(
  chunks: AsyncIterable<Uint8Array>,
  reader: LineReader,
  limits: InputLimits,
  options: {
    /** After each chunk has been read into `reader`. */
    afterChunk?: (contentBytes: number) => void;
    /** False: every chunk is split byte by byte (the two ways must read alike; tests compare them). */
    splitAsText?: boolean;
    /** Given, it is asked first for a chunk's text (see AsciiText). */
    asciiText?: AsciiText;
    /** Bytes decoded at a time where lines allow (see readRegion); tests make it small. */
    textPieceBytes?: number;
  } = {},
): Promise<StreamedLines> {
  // A decoder drops a mark that opens what it decodes, so where the chunks fell would decide which lines
  // lose one. Marks are kept, and those that open the content are skipped here as the whole-file decoding
  // drops them (decode.ts: the mark that names the encoding, then one more that its decoder drops); a
  // line may open with one more, which every reader skips (jsonLine.ts).
  const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  const lenient = new TextDecoder('utf-8', { ignoreBOM: true });
  const from = (text: string, start: number, offset: number) => {
    if (offset !== 0 || text.charCodeAt(start) !== 0xfeff) return start;
    return text.charCodeAt(start + 1) === 0xfeff ? start + 2 : start + 1;
  };
  const invalidLines: number[] = [];
  let contentBytes = 0;
  let lastByte = -1;
  const rejectOversized = (_offset: number, length: number) => reader.rejectOversized(length);
  const pieceBytes = options.textPieceBytes ?? TEXT_PIECE_BYTES;
  // One decode per piece of lines (see readRegion for why not per chunk): the piece's text has the same line breaks
  // as its bytes, since no byte of a line end (\n, \r) is ever part of a multi-byte sequence or swallowed by a replacement.
  const readBatch = ({ buf, starts, ends, base }: LineBatch) => {
    for (let first = 0; first < starts.length; ) {
      let last = first;
      while (last + 1 < starts.length && ends[last + 1]! - starts[first]! <= pieceBytes) last++;
      readLines(buf, starts, ends, base, first, last);
      first = last + 1;
    }
  };
  /** Lines `first` to `last` of a batch. */
  const readLines = (buf: Uint8Array, starts: readonly number[], ends: readonly number[], base: number, first: number, last: number) => {
    const region = buf.subarray(starts[first]!, ends[last]!);
    let text: string | null;
    try {
      text = strict.decode(region);
    } catch {
      text = null;
    }
    if (text !== null) {
      // A region ending in an empty line ends with its line break, which lineRanges does not count as a line.
      const ranges = lineRanges(text);
      for (let i = first; i <= last; i++) {
        const k = i - first;
        const start = k < ranges.count ? ranges.starts[k]! : text.length;
        const end = k < ranges.count ? ranges.ends[k]! : text.length;
        reader.push(text, from(text, start, base + starts[i]!), end, base + starts[i]!, ends[i]! - starts[i]!);
      }
      return;
    }
    for (let i = first; i <= last; i++) {
      const bytes = buf.subarray(starts[i]!, ends[i]!);
      let line: string;
      try {
        line = strict.decode(bytes);
      } catch {
        line = lenient.decode(bytes);
        invalidLines.push(reader.lines + 1);
      }
      reader.push(line, from(line, 0, base + starts[i]!), line.length, base + starts[i]!, ends[i]! - starts[i]!);
    }
  };
  const maxLineBytes = limits.maxLineChars * UTF8_BYTES_PER_CHAR;
  // Most logs are single-byte text: a chunk that decodes to as many characters as it has bytes is
  // split as text, its places the bytes' places. Chunks with multi-byte characters or invalid bytes
  // go the byte way; once they are the more common, every chunk does, so none is decoded twice.
  let asText = 0;
  let notAsText = 0;
  const asciiText = options.asciiText;
  /** `buf[from, to)` as text of one character per byte, or null. */
  const textOf = (buf: Uint8Array, from: number, to: number): string | null => {
    const bytes = buf.subarray(from, to);
    let text = asciiText ? asciiText(bytes, bytes.length) : null;
    if (text !== null) return text;
    try {
      text = strict.decode(bytes);
    } catch {
      return null;
    }
    return text.length === bytes.length ? text : null;
  };
  const readRegion = (buf: Uint8Array, end: number, base: number): boolean => {
    if (notAsText > 2 && notAsText > asText) return false;
    // Decoded in pieces of whole lines: a string of more than about 128 KiB is allocated apart from V8's heap pages, in
    // memory the system must map afresh each time, and decoding 1 MiB at a time took 17 times as long as 64 KiB at a
    // time (Node 20, a 129 MB log, on a virtual machine where mapping memory is slow).
    const pieces: { text: string; at: number }[] = [];
    for (let at = 0; at < end; ) {
      const to = pieceEnd(buf, at, end, pieceBytes);
      const text = textOf(buf, at, to);
      if (text === null) {
        notAsText++;
        return false;
      }
      pieces.push({ text, at });
      at = to;
    }
    asText++;
    for (const { text, at } of pieces) {
      const ranges = lineRanges(text);
      for (let i = 0; i < ranges.count; i++) {
        const start = ranges.starts[i]!;
        const stop = ranges.ends[i]!;
        const offset = base + at + start;
        if (stop - start > maxLineBytes) reader.rejectOversized(stop - start);
        else reader.push(text, from(text, start, offset), stop, offset, stop - start);
      }
    }
    return true;
  };
  const splitter = new ByteLineSplitter(readBatch, rejectOversized, maxLineBytes, options.splitAsText === false ? null : readRegion);
  for await (const chunk of chunks) {
    contentBytes += chunk.length;
    if (chunk.length > 0) lastByte = chunk[chunk.length - 1]!;
    splitter.push(chunk);
    options.afterChunk?.(contentBytes);
  }
  splitter.end();
  return { contentBytes, invalidLines, endsWithLineBreak: lastByte === 10 || lastByte === 13 };
}

/** Bytes decoded at a time where lines allow (see readRegion). */
const TEXT_PIECE_BYTES = 64 * 1024;

/**
 * Where the piece of `buf[at, end)` decoded next ends: just past the last \n within `size` bytes of
 * `at`, or past the first one after that when a line is longer, or at `end`. A \n always ends a line
 * (alone or as the end of \r\n), so no line is cut; lines ended by a lone \r only are decoded whole.
 */
function pieceEnd(buf: Uint8Array, at: number, end: number, size: number): number {
  if (end - at <= size) return end;
  const last = buf.lastIndexOf(10, at + size - 1);
  if (last >= at) return last + 1;
  const next = buf.indexOf(10, at + size);
  return next < 0 || next >= end ? end : next + 1;
}
