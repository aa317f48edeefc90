import type { InputNote } from '../core/model';
import { encodingNotes } from './encodingNotes';
import { jsonStart } from './jsonLine';
import type { InputLimits } from './limits';
import { NativeLineReader, type RecordLineSink } from './nativeLineReader';
import { RecordBatchReader, RecordBatchWriter, type RecordBatch } from './rangeRecords';
import type { StreamedBody } from './readNativeStream';
import { readStreamLines, type AsciiText, type LineReader, type StreamedLines } from './streamLines';

export interface RangeReadOptions {
  /** A faster decoding of ASCII chunks (streamLines.ts). */
  asciiText?: AsciiText;
  /** False: every chunk is split byte by byte (see readStreamLines). */
  splitAsText?: boolean;
  /** After each chunk: content bytes of the range read so far. */
  afterChunk?: (contentBytes: number) => void;
}

/**
 * The native lines of one byte range of a file, read into `reader` as
 * readNativeStream reads a whole stream. The range starts at byte
 * `startByte`, just after a `\n` (no UTF-8 sequence holds that byte, and no
 * line break can continue past it, so a line never straddles two ranges);
 * `reader` has counted the lines before the range, or none, and then numbers
 * the range's lines from 1. A reader that has read the range before this one
 * reads on as if the stream had never been cut: this is how one thread
 * reads a whole file in two ranges.
 */
export async function readNativeRange(
  chunks: AsyncIterable<Uint8Array>,
  reader: NativeLineReader,
  startByte: number,
  limits: InputLimits,
  options: RangeReadOptions = {},
): Promise<StreamedLines> {
  const into = startByte === 0 ? reader : new LinesFrom(reader, startByte);
  return readStreamLines(chunks, into, limits, { afterChunk: options.afterChunk, splitAsText: options.splitAsText, asciiText: options.asciiText });
}

/**
 * A line reader fed from byte `startByte` on. readStreamLines places lines in
 * the bytes it is given, so each place moves by `startByte`; and it drops
 * the byte-order marks that open the content, which the whole stream drops
 * only at byte 0: the range's first line is given back whole. That line is
 * the one at place 0, which starts its text wherever readStreamLines decodes
 * it (a region, a batch or the line alone), so its start is 0.
 */
class LinesFrom implements LineReader {
  constructor(
    private readonly reader: NativeLineReader,
    private readonly startByte: number,
  ) {}

  get lines(): number {
    return this.reader.lines;
  }

  push(text: string, start: number, end: number, offset: number, length: number): void {
    this.reader.push(text, offset === 0 ? 0 : start, end, this.startByte + offset, length);
  }

  rejectOversized(byteLength: number): void {
    this.reader.rejectOversized(byteLength);
  }
}

/** The notes a native stream gets for lines of invalid UTF-8 (`invalidLines` numbered across the whole stream), as readNativeStream says them. */
export function nativeEncodingNotes(invalidLines: readonly number[]): InputNote[] {
  return encodingNotes(invalidLines, 'utf-8', 'native-jsonl');
}

/** What a range read in batches holds besides its records and rejected lines, its lines numbered from 1. */
export interface RangeTotals {
  readonly lines: number;
  readonly blank: number;
  readonly invalidLines: readonly number[];
  readonly contentBytes: number;
}

/**
 * A range from byte `startByte` read as readNativeRange reads it (compact
 * records), its lines numbered from 1 since the lines before it are not
 * known here, handed on after each chunk as a RecordBatch: this is what the
 * second thread does (see splitRead.ts).
 */
export async function readRangeBatches(
  chunks: AsyncIterable<Uint8Array>,
  fileName: string,
  fileIndex: number,
  startByte: number,
  limits: InputLimits,
  onBatch: (batch: RecordBatch, contentBytes: number) => void,
  options: Omit<RangeReadOptions, 'afterChunk'> = {},
): Promise<RangeTotals> {
  const lines = new RecordTexts();
  const reader = new NativeLineReader(fileName, fileIndex, limits, true, lines);
  const writer = new RecordBatchWriter();
  const handOn = (contentBytes: number) => {
    if (reader.records.length === 0 && reader.rejected.length === 0) return;
    onBatch(writer.write(reader.records, reader.rejected.splice(0), (i) => lines.json(i)), contentBytes);
    reader.records.length = 0;
    lines.clear();
  };
  const read = await readNativeRange(chunks, reader, startByte, limits, { ...options, afterChunk: handOn });
  handOn(read.contentBytes);
  return { lines: reader.lines, blank: reader.blank, invalidLines: read.invalidLines, contentBytes: read.contentBytes };
}

/** The text of each record line since the last clear, kept by reference (the chunk's text) and cut out only when asked. */
class RecordTexts implements RecordLineSink {
  private texts: string[] = [];
  private starts: number[] = [];
  private ends: number[] = [];

  push(text: string, start: number, end: number): void {
    this.texts.push(text);
    this.starts.push(start);
    this.ends.push(end);
  }

  /** The i-th line's JSON, as JSON.parse was given it (past a byte-order mark). */
  json(i: number): string {
    const text = this.texts[i]!;
    return text.slice(jsonStart(text, this.starts[i]!), this.ends[i]!);
  }

  clear(): void {
    this.texts = [];
    this.starts = [];
    this.ends = [];
  }
}

/**
 * The whole stream's body from its first range, read into `first` from byte
 * 0, and the batches and totals of the range after it: records and rejected
 * lines appended to `first`'s, lines renumbered past `first`'s.
 */
export function joinRanges(first: NativeLineReader, firstLines: StreamedLines, batches: Iterable<RecordBatch>, rest: RangeTotals): StreamedBody {
  const batchReader = new RecordBatchReader(first.fileName, first.fileIndex, first.lines);
  for (const batch of batches) batchReader.read(batch, first.records, first.rejected);
  return {
    format: 'native-jsonl',
    lines: first.lines + rest.lines,
    blank: first.blank + rest.blank,
    rejected: first.rejected,
    records: first.records,
    notes: nativeEncodingNotes([...firstLines.invalidLines, ...batchReader.movedLines(rest.invalidLines)]),
    contentBytes: firstLines.contentBytes + rest.contentBytes,
  };
}

/** The body of a stream read whole into `reader`, in one range or in several read one after another. */
export function readerBody(reader: NativeLineReader, invalidLines: readonly number[], contentBytes: number): StreamedBody {
  return { format: 'native-jsonl', lines: reader.lines, blank: reader.blank, rejected: reader.rejected, records: reader.records, notes: nativeEncodingNotes(invalidLines), contentBytes };
}
