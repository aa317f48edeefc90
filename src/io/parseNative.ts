import type { RejectedLine, SeqRecord } from '../core/model';
import { describeJsonError } from './jsonError';
import { isBlank, lineRanges } from './lines';
import { toNativeRecord } from './nativeRecord';

/** A line longer than this is rejected with its length instead of being parsed. */
export const MAX_LINE_CHARS = 16 * 1024 * 1024;

export interface ParsedBody {
  readonly format: string;
  readonly lines: number;
  readonly blank: number;
  readonly rejected: RejectedLine[];
  readonly records: SeqRecord[];
  readonly notes: { line: number | null; message: string }[];
}

/**
 * The native format: JSON Lines, or one JSON array of records, or
 * `{"records": [...]}` (then the 1-based array position is the line).
 */
export function parseNative(text: string, fileName: string, fileIndex: number): ParsedBody {
  const whole = parseWholeDocument(text);
  if (whole) return parseItems(whole.items, whole.format, fileName, fileIndex);
  return parseJsonLines(text, fileName, fileIndex);
}

function parseWholeDocument(text: string): { items: unknown[]; format: string } | null {
  const first = text.search(/\S/);
  if (first < 0) return null;
  const c = text[first];
  if (c !== '[' && c !== '{') return null;
  // A JSON Lines file fails this parse at its second line, so the attempt is cheap.
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return null;
  }
  if (Array.isArray(doc)) return { items: doc, format: 'native-array' };
  if (doc !== null && typeof doc === 'object' && Array.isArray((doc as { records?: unknown }).records)) {
    return { items: (doc as { records: unknown[] }).records, format: 'native-records' };
  }
  return null;
}

function parseItems(items: unknown[], format: string, fileName: string, fileIndex: number): ParsedBody {
  const records: SeqRecord[] = [];
  const rejected: RejectedLine[] = [];
  items.forEach((item, i) => {
    const line = i + 1;
    const r = toNativeRecord(item, { fileName, fileIndex, line, offset: -1, length: 0 });
    if (typeof r === 'string') rejected.push({ line, reason: `item ${line}: ${r}` });
    else records.push(r);
  });
  return { format, lines: items.length, blank: 0, rejected, records, notes: [] };
}

function parseJsonLines(text: string, fileName: string, fileIndex: number): ParsedBody {
  const { starts, ends, count } = lineRanges(text);
  const records: SeqRecord[] = [];
  const rejected: RejectedLine[] = [];
  let blank = 0;
  for (let i = 0; i < count; i++) {
    const start = starts[i]!;
    const end = ends[i]!;
    const line = i + 1;
    if (isBlank(text, start, end)) {
      blank++;
      continue;
    }
    if (end - start > MAX_LINE_CHARS) {
      rejected.push({ line, reason: `line ${line}: ${end - start} characters long, over the ${MAX_LINE_CHARS / 1024 / 1024} MiB line limit; not parsed` });
      continue;
    }
    let value: unknown;
    try {
      value = JSON.parse(text.slice(start, end));
    } catch (e) {
      rejected.push({ line, reason: `line ${line}: ${describeJsonError(e)}` });
      continue;
    }
    const r = toNativeRecord(value, { fileName, fileIndex, line, offset: start, length: end - start });
    if (typeof r === 'string') rejected.push({ line, reason: `line ${line}: ${r}` });
    else records.push(r);
  }
  return { format: 'native-jsonl', lines: count, blank, rejected, records, notes: [] };
}
