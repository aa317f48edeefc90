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
  // One decode per chunk: the batch's text has the same line breaks as its bytes, since no byte of a
  // line end (\n, \r) is ever part of a multi-byte sequence or swallowed by a replacement.
  const readBatch = ({ buf, starts, ends, base }: LineBatch) => {
    const first = starts[0]!;
    const region = buf.subarray(first, ends[ends.length - 1]!);
    let text: string | null;
    try {
      text = strict.decode(region);
    } catch {
      text = null;
    }
    if (text !== null) {
      // A region ending in an empty line ends with its line break, which lineRanges does not count as a line.
      const ranges = lineRanges(text);
      for (let i = 0; i < starts.length; i++) {
        const start = i < ranges.count ? ranges.starts[i]! : text.length;
        const end = i < ranges.count ? ranges.ends[i]! : text.length;
        reader.push(text, from(text, start, base + starts[i]!), end, base + starts[i]!, ends[i]! - starts[i]!);
      }
      return;
    }
    for (let i = 0; i < starts.length; i++) {
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
  const readRegion = (buf: Uint8Array, end: number, base: number): boolean => {
    if (notAsText > 2 && notAsText > asText) return false;
    let text = asciiText ? asciiText(buf, end) : null;
    if (text === null) {
      try {
        text = strict.decode(buf.subarray(0, end));
      } catch {
        notAsText++;
        return false;
      }
      if (text.length !== end) {
        notAsText++;
        return false;
      }
    }
    asText++;
    const ranges = lineRanges(text);
    for (let i = 0; i < ranges.count; i++) {
      const start = ranges.starts[i]!;
      const stop = ranges.ends[i]!;
      if (stop - start > maxLineBytes) reader.rejectOversized(stop - start);
      else reader.push(text, from(text, start, base + start), stop, base + start, stop - start);
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
