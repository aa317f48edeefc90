import type { InputNote, ParsedInput, StreamedContent } from '../core/model';
import { escapeForMessage } from './jsonError';
import { ByteLineSplitter, type LineBatch } from './byteLineSplitter';
import { lineRanges } from './lines';
import { encodingNotes } from './encodingNotes';
import { DEFAULT_LIMITS, lineTooLongReason, type InputLimits } from './limits';
import type { ParsedBody } from './parseNative';
import { NativeLineReader } from './nativeLineReader';
import { RecordLineCollector, type RecordLinesChunk } from './recordLines';

export interface StreamedBody extends ParsedBody {
  /** Bytes of content read (after any decompression). */
  readonly contentBytes: number;
}

const UTF8_BYTES_PER_CHAR = 4;

/**
 * Native JSON Lines read from a stream of byte chunks, never holding the
 * text: each record keeps the byte offset and length of its line in the
 * stream, and (with `compact`) only the fields the engine reads. This is
 * how a file larger than memory is checked.
 */
export async function readNativeStream(
  chunks: AsyncIterable<Uint8Array>,
  fileName: string,
  fileIndex: number,
  options: {
    compact?: boolean;
    limits?: InputLimits;
    onChunk?: (contentBytes: number, records: number) => void;
    /** The lines that became records, a chunk at a time, in order (see RecordLinesChunk). */
    onRecordLines?: (chunk: RecordLinesChunk) => void;
    /** False: every chunk is split byte by byte (the two ways must read alike; tests compare them). */
    splitAsText?: boolean;
  } = {},
): Promise<StreamedBody> {
  const limits = options.limits ?? DEFAULT_LIMITS;
  const onRecordLines = options.onRecordLines;
  const collector = onRecordLines ? new RecordLineCollector() : null;
  const reader = new NativeLineReader(fileName, fileIndex, limits, options.compact ?? false, collector);
  const handOn = () => {
    const chunk = collector?.take();
    if (chunk) onRecordLines!(chunk);
  };
  const strict = new TextDecoder('utf-8', { fatal: true });
  const lenient = new TextDecoder('utf-8');
  const invalidLines: number[] = [];
  let contentBytes = 0;
  const rejectOversized = (_offset: number, length: number) => {
    const line = ++reader.lines;
    reader.rejected.push({ line, reason: `line ${line}: ${lineTooLongReason(length, limits).replace('characters long', 'bytes long')}` });
  };
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
        reader.push(text, start, end, base + starts[i]!, ends[i]! - starts[i]!);
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
      reader.push(line, 0, line.length, base + starts[i]!, ends[i]! - starts[i]!);
    }
  };
  const maxLineBytes = limits.maxLineChars * UTF8_BYTES_PER_CHAR;
  // Most logs are single-byte text: a chunk that decodes to as many characters as it has bytes is
  // split as text, its places the bytes' places. Chunks with multi-byte characters or invalid bytes
  // go the byte way; once they are the more common, every chunk does, so none is decoded twice.
  let asText = 0;
  let notAsText = 0;
  const readRegion = (buf: Uint8Array, end: number, base: number): boolean => {
    if (notAsText > 2 && notAsText > asText) return false;
    let text: string;
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
    asText++;
    const ranges = lineRanges(text);
    for (let i = 0; i < ranges.count; i++) {
      const start = ranges.starts[i]!;
      const stop = ranges.ends[i]!;
      if (stop - start > maxLineBytes) rejectOversized(base + start, stop - start);
      else reader.push(text, start, stop, base + start, stop - start);
    }
    return true;
  };
  const splitter = new ByteLineSplitter(readBatch, rejectOversized, maxLineBytes, options.splitAsText === false ? null : readRegion);
  for await (const chunk of chunks) {
    contentBytes += chunk.length;
    splitter.push(chunk);
    handOn();
    options.onChunk?.(contentBytes, reader.records.length);
  }
  splitter.end();
  handOn();
  const notes: InputNote[] = encodingNotes(invalidLines, 'utf-8', 'native-jsonl');
  return {
    format: 'native-jsonl',
    lines: reader.lines,
    blank: reader.blank,
    rejected: reader.rejected,
    records: reader.records,
    notes,
    contentBytes,
  };
}

/** A streamed body as an input: no text, reasons and notes escaped for printing, `streamed` set where raw lines can be read back. */
export function streamedInput(
  body: StreamedBody,
  file: { readonly name: string; readonly gzip: boolean; readonly bytes: number; readonly sha256: string },
  streamed?: StreamedContent,
): ParsedInput {
  const input: ParsedInput = {
    name: file.name,
    format: file.gzip ? 'native-jsonl+gzip' : 'native-jsonl',
    bytes: file.bytes,
    sha256: file.sha256,
    lines: body.lines,
    blank: body.blank,
    rejected: body.rejected.map((r) => ({ line: r.line, reason: escapeForMessage(r.reason) })),
    records: body.records,
    text: '',
    notes: body.notes.map((n) => ({ line: n.line, message: escapeForMessage(n.message) })),
  };
  return streamed ? { ...input, streamed } : input;
}
