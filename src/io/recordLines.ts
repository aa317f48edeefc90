import type { SeqRecord } from '../core/model';
import { inlineNumber } from './inlineNumber';
import { jsonStart } from './jsonLine';
import { elementTextAt } from './jsonSpans';
import { toNativeRecord } from './nativeRecord';

/**
 * The lines of one stretch of a native stream that became records, as one
 * JSON array text and each record's place. Another thread that gets these
 * builds exactly the records the reader built (the same text parses to the
 * same value, and `toNativeRecord` is pure) without the reader having to
 * serialise them: the page builds its records this way while the worker
 * goes on reading.
 */
export interface RecordLinesChunk {
  readonly json: string;
  readonly line: Float64Array;
  readonly offset: Float64Array;
  readonly length: Float64Array;
}

/** Gathers record lines as the reader accepts them; `take` empties it. */
export class RecordLineCollector {
  private parts: string[] = [];
  private line: number[] = [];
  private offset: number[] = [];
  private length: number[] = [];

  push(text: string, start: number, end: number, line: number, offset: number, length: number): void {
    // The reader skipped one byte-order mark at the start of the line; JSON.parse would not.
    this.parts.push(text.slice(jsonStart(text, start), end));
    this.line.push(line);
    this.offset.push(offset);
    this.length.push(length);
  }

  take(): RecordLinesChunk | null {
    if (this.parts.length === 0) return null;
    const chunk: RecordLinesChunk = {
      json: `[${this.parts.join(',')}]`,
      line: Float64Array.from(this.line),
      offset: Float64Array.from(this.offset),
      length: Float64Array.from(this.length),
    };
    this.parts = [];
    this.line = [];
    this.offset = [];
    this.length = [];
    return chunk;
  }
}

/**
 * The records of a chunk, as the reader that collected it built them (every
 * parsed field kept); their places held inline, not as boxed numbers.
 */
export function recordsFromLines(chunk: RecordLinesChunk, fileName: string, fileIndex: number): SeqRecord[] {
  const values = JSON.parse(chunk.json) as unknown[];
  if (values.length !== chunk.line.length) throw new Error(`a chunk of ${chunk.line.length} record lines parsed to ${values.length} values`);
  const out: SeqRecord[] = new Array<SeqRecord>(values.length);
  // Found only for a line holding a number JSON.parse rounded, which is read again as written, as the reader did.
  const elementText = elementTextAt(chunk.json, []);
  let k = 0;
  const written = () => elementText(k);
  for (; k < values.length; k++) {
    const place = { fileName, fileIndex, line: inlineNumber(chunk.line[k]!), offset: inlineNumber(chunk.offset[k]!), length: inlineNumber(chunk.length[k]!) };
    const r = toNativeRecord(values[k], place, false, written);
    if (typeof r === 'string') throw new Error(`line ${chunk.line[k]!} was a record where it was read but not here: ${r}`);
    out[k] = r;
  }
  return out;
}
