import type { SeqRecord } from '../core/model';
import { ACCEPTED, HAS_ID, ID_NUMBER, KIND_FIELDS, type RecordColumns } from '../core/recordColumns';
import { isRounded } from '../core/wideNumber';
import { asciiText } from '../core/asciiText';
import { ByteLineSplitter, type LineBatch } from './byteLineSplitter';
import { ColumnsBuilder } from './columnsBuilder';
import { encodingNotes } from './encodingNotes';
import { DEFAULT_LIMITS, type InputLimits } from './limits';
import { NativeLineReader } from './nativeLineReader';
import type { StreamedBody } from './readNativeStream';
import { ACCEPT_SEQ, ACCEPTED_NAME, ID, KIND, SCANNED_NAMES, ScannedLine, scanNativeLine, SESSION } from './scanNativeLine';
import { isPlainInteger, NEEDS_EXACT } from './valueInterner';

/** A native file read into columns: what readNativeStream says of it (StreamedBody), its records in `columns`. */
export interface NativeColumns extends Omit<StreamedBody, 'format' | 'records' | 'boundaries'> {
  readonly columns: RecordColumns;
  /** Lines the scan left to JSON.parse (blank lines and oversized ones aside). */
  readonly parsedLines: number;
}

const UTF8_BYTES_PER_CHAR = 4;
/** Rows read before the rest are foreseen from their bytes. */
const FORESEEN_AFTER = 1024;

/**
 * Native JSON Lines from a stream of byte chunks into columns (RecordColumns),
 * making no object per record: a line in the common grammar (scanNativeLine)
 * is read from its bytes, and every other line as the object reader reads
 * it, its record then put in the columns. Lines, blank lines, refusals and
 * encoding notes are counted as readNativeStream counts them; the tests hold
 * every row to the compact record that reader makes.
 */
export async function readNativeColumns(
  chunks: AsyncIterable<Uint8Array>,
  fileName: string,
  fileIndex: number,
  limits: InputLimits = DEFAULT_LIMITS,
  /** The content's size when known (a file's), from which the rows are foreseen and the columns sized once. */
  expectedBytes = 0,
  /** After each chunk: content bytes read so far, and the rows so far (it may throw, to stop the reading). */
  onChunk?: (contentBytes: number, records: number) => void,
): Promise<NativeColumns> {
  const reader = new NativeColumnsReader(fileName, fileIndex, limits, expectedBytes);
  const splitter = new ByteLineSplitter(
    (batch) => reader.pushBatch(batch),
    (_offset, length) => reader.rejectOversized(length),
    limits.maxLineChars * UTF8_BYTES_PER_CHAR,
  );
  let contentBytes = 0;
  for await (const chunk of chunks) {
    contentBytes += chunk.length;
    splitter.push(chunk);
    onChunk?.(contentBytes, reader.columns.count);
  }
  splitter.end();
  const columns = reader.columns.finish();
  const notes = encodingNotes(reader.invalidLines, 'utf-8', 'native-jsonl', { lines: reader.lines, blank: reader.blank, records: columns.count });
  return { columns, lines: reader.lines, blank: reader.blank, rejected: reader.rejected, notes, contentBytes, parsedLines: reader.parsedLines };
}

/** NativeLineReader for its accounting and every line it reads; the lines in the common grammar are scanned here instead, and every row goes to the columns. */
class NativeColumnsReader extends NativeLineReader {
  readonly columns: ColumnsBuilder;
  readonly invalidLines: number[] = [];
  parsedLines = 0;
  private readonly scanned = new ScannedLine();
  private readonly strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  private readonly lenient = new TextDecoder('utf-8', { ignoreBOM: true });

  constructor(
    fileName: string,
    fileIndex: number,
    limits: InputLimits,
    private expectedBytes: number,
  ) {
    super(fileName, fileIndex, limits, true);
    this.columns = new ColumnsBuilder(fileIndex);
  }

  protected override keep(record: SeqRecord): void {
    this.columns.addRecord(record);
  }

  pushBatch({ buf, starts, ends, base }: LineBatch): void {
    for (let i = 0; i < starts.length; i++) {
      const start = starts[i]!;
      const end = ends[i]!;
      if (!this.scanLine(buf, start, end, base + start)) this.pushDecoded(buf.subarray(start, end), base + start);
    }
    const rows = this.columns.count;
    if (this.expectedBytes > 0 && rows >= FORESEEN_AFTER && starts.length > 0) {
      const read = base + ends[ends.length - 1]!;
      this.columns.expectRows(Math.ceil((this.expectedBytes / read) * rows * 1.02) + FORESEEN_AFTER);
      this.expectedBytes = 0;
    }
  }

  /** Line `buf[start, end)` from its bytes; false, counting nothing, when the scan leaves it to the object reader. */
  private scanLine(buf: Uint8Array, start: number, end: number, offset: number): boolean {
    if (end - start > this.limits.maxLineChars) return false;
    let blank = true;
    for (let i = start; i < end && blank; i++) blank = buf[i] === 0x20 || buf[i] === 0x09;
    if (blank) {
      this.lines++;
      this.blank++;
      return true;
    }
    const s = this.scanned;
    if (!scanNativeLine(buf, start, end, this.limits.maxJsonDepth, s)) return false;
    const values = this.columns.values;
    let kind = '';
    let kindIndex: number;
    if (s.starts[KIND]! >= 0) {
      if (buf[s.starts[KIND]!] !== 0x22) return false;
      kindIndex = values.tokenIndex(buf, s.starts[KIND]!, s.ends[KIND]!);
      kind = values.values[kindIndex] as string;
    } else kindIndex = values.valueIndex('');
    if (kind === 'eval') return false;
    const session = this.sessionIndex(buf);
    if (session === NEEDS_EXACT) return false;
    const acceptSeq = acceptSeqOf(buf, s);
    if (acceptSeq === NEEDS_EXACT) return false;
    const accepted = acceptedOf(buf, s);
    if (accepted === null) return false;
    const base = this.columns.nextFields();
    const fields = this.columns.fields;
    const names = SCANNED_OF_KIND.get(kind);
    if (names) {
      for (let j = 0; j < names.length; j++) {
        const n = names[j]!;
        const from = s.starts[n]!;
        if (from < 0) continue;
        const at = values.tokenIndex(buf, from, s.ends[n]!);
        if (at === NEEDS_EXACT) return false;
        fields[base + j] = at;
      }
    }
    const idFlags = this.takeId(buf);
    if (idFlags < 0) return false;
    const line = ++this.lines;
    this.columns.add(line, offset, end - start, kindIndex, session, acceptSeq, idFlags | (accepted ? ACCEPTED : 0));
    return true;
  }

  /**
   * The line's id, given to the columns for the row added next: its flags
   * (0 when it has none), or -1, giving nothing, when the object reader must
   * read it (not a string or number, or a number JSON.parse rounds).
   */
  private takeId(buf: Uint8Array): number {
    const s = this.scanned;
    const from = s.starts[ID]!;
    if (from < 0 || buf[from] === 0x6e) return 0;
    const to = s.ends[ID]!;
    const c = buf[from]!;
    if (c === 0x22) {
      let plain = true;
      for (let i = from + 1; i < to - 1 && plain; i++) plain = buf[i] !== 0x5c;
      if (!plain) return HAS_ID | this.columns.idFromValue(JSON.parse(asciiText(buf, from, to)) as string);
      this.columns.idFromBytes(buf, from + 1, to - 1);
      return HAS_ID;
    }
    if (c !== 0x2d && (c < 0x30 || c > 0x39)) return -1;
    if (isPlainInteger(buf, from, to)) {
      this.columns.idFromBytes(buf, from, to);
      return HAS_ID | ID_NUMBER;
    }
    const n = Number(asciiText(buf, from, to));
    return isRounded(n) || !Number.isFinite(n) ? -1 : HAS_ID | this.columns.idFromValue(n);
  }

  private sessionIndex(buf: Uint8Array): number {
    const s = this.scanned;
    const from = s.starts[SESSION]!;
    if (from < 0 || buf[from] === 0x6e) return this.columns.noSession;
    if (buf[from] !== 0x22) return NEEDS_EXACT;
    return this.columns.values.tokenIndex(buf, from, s.ends[SESSION]!);
  }

  /** A line the scan did not read, decoded as readStreamLines decodes it and read by the object reader. */
  private pushDecoded(bytes: Uint8Array, offset: number): void {
    this.parsedLines++;
    let text: string;
    // An ASCII line (an eval, most often) is its bytes: a decoder's call costs a few microseconds in Chromium, a line at a time.
    let ascii = true;
    for (let i = 0; i < bytes.length && ascii; i++) ascii = bytes[i]! < 0x80;
    if (ascii) text = asciiText(bytes, 0, bytes.length);
    else {
      try {
        text = this.strict.decode(bytes);
      } catch {
        text = this.lenient.decode(bytes);
        this.invalidLines.push(this.lines + 1);
      }
    }
    let from = 0;
    // A decoder drops a mark that opens what it decodes; the content's first two are skipped as readStreamLines skips them.
    if (offset === 0 && text.charCodeAt(0) === 0xfeff) from = text.charCodeAt(1) === 0xfeff ? 2 : 1;
    this.push(text, from, text.length, offset, bytes.length);
  }
}

/** Per kind, the index in SCANNED_NAMES of each field it keeps, in slot order. */
const SCANNED_OF_KIND: ReadonlyMap<string, Int32Array> = new Map(
  [...KIND_FIELDS].map(([kind, names]) => [kind, Int32Array.from(names, (name) => SCANNED_NAMES.indexOf(name))]),
);

/** The accept number, -1 when absent or null, NEEDS_EXACT when it is not a plain non-negative integer (the object reader says why). */
function acceptSeqOf(buf: Uint8Array, s: ScannedLine): number {
  const from = s.starts[ACCEPT_SEQ]!;
  if (from < 0 || buf[from] === 0x6e) return -1;
  const to = s.ends[ACCEPT_SEQ]!;
  if (to - from > 15 || (buf[from] === 0x30 && to - from > 1)) return NEEDS_EXACT;
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = buf[i]!;
    if (c < 0x30 || c > 0x39) return NEEDS_EXACT;
    n = n * 10 + (c - 0x30);
  }
  return n;
}

/** Whether the record counts as accepted; null when `accepted` is neither a boolean nor null. */
function acceptedOf(buf: Uint8Array, s: ScannedLine): boolean | null {
  const from = s.starts[ACCEPTED_NAME]!;
  if (from < 0) return true;
  const c = buf[from];
  if (c === 0x66) return false;
  return c === 0x74 || c === 0x6e ? true : null;
}
