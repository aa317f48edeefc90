import { formatCount } from '../core/countText';
import type { InputNote, RejectedLine, SeqRecord } from '../core/model';
import { nestsDeeperThan, tooDeepReason } from './jsonDepth';
import { DEFAULT_LIMITS, formatSize, type InputLimits } from './limits';
import { lineRanges } from './lines';
import { NativeLineReader } from './nativeLineReader';
import { toNativeRecord } from './nativeRecord';
import { isObject } from './derivedRecord';
import { elementTextAt } from './jsonSpans';
import { unknownDocumentError } from './unknownDocument';

export interface ParsedBody {
  readonly format: string;
  readonly lines: number;
  readonly blank: number;
  readonly rejected: RejectedLine[];
  readonly records: SeqRecord[];
  readonly notes: InputNote[];
}

/**
 * The native format: JSON Lines, or one JSON array of records, or
 * `{"records": [...]}` (then the 1-based array position is the line).
 * Throws UnknownDocumentError when the whole text is one JSON document in
 * none of these shapes (unknownDocument.ts says which).
 */
export function parseNative(text: string, fileName: string, fileIndex: number, limits: InputLimits = DEFAULT_LIMITS): ParsedBody {
  const first = text.search(/\S/);
  const opens = first >= 0 && (text[first] === '[' || text[first] === '{');
  if (opens && text.length > limits.maxDocumentChars) {
    const body = parseJsonLines(text, fileName, fileIndex, limits);
    const note = `the text starts like one JSON document but is ${formatCount(text.length)} characters, over the ${formatSize(limits.maxDocumentChars)} limit for a whole document, so it is read as JSON Lines, one record per line.`;
    return { ...body, notes: [{ line: null, message: note }, ...body.notes] };
  }
  const whole = opens ? parseWholeText(text) : null;
  if (whole) {
    const unknown = unknownDocumentError(whole.value, text);
    if (unknown) throw unknown;
    if (Array.isArray(whole.value)) return parseItems(whole.value, text, [], 'native-array', fileName, fileIndex, limits);
    const records = isObject(whole.value) ? whole.value.records : undefined;
    if (Array.isArray(records)) return parseItems(records, text, ['records'], 'native-records', fileName, fileIndex, limits);
  }
  return parseJsonLines(text, fileName, fileIndex, limits);
}

/** The whole text as one JSON value, or null when it is not one (JSON Lines of two records or more never is). */
function parseWholeText(text: string): { value: unknown } | null {
  // A JSON Lines file fails this parse at its second line, so the attempt is cheap.
  try {
    return { value: JSON.parse(text) };
  } catch {
    return null;
  }
}

/** The items of the array at `path` in `text`, which parsed to `items`. */
function parseItems(items: unknown[], text: string, path: readonly string[], format: string, fileName: string, fileIndex: number, limits: InputLimits): ParsedBody {
  const records: SeqRecord[] = [];
  const rejected: RejectedLine[] = [];
  // Where the items are written is looked for only when an item needs its text: a reason that quotes a
  // number from it, or a number JSON.parse rounded, read again as written.
  const elementText = elementTextAt(text, path);
  let current = 0;
  const written = () => elementText(current);
  items.forEach((item, i) => {
    const line = i + 1;
    if (nestsDeeperThan(item, limits.maxJsonDepth)) {
      rejected.push({ line, reason: `item ${line}: ${tooDeepReason(limits)}` });
      return;
    }
    current = i;
    const r = toNativeRecord(item, { fileName, fileIndex, line, offset: -1, length: 0 }, false, written);
    if (typeof r !== 'string') records.push(r);
    else rejected.push({ line, reason: `item ${line}: ${r}` });
  });
  return { format, lines: items.length, blank: 0, rejected, records, notes: [] };
}

function parseJsonLines(text: string, fileName: string, fileIndex: number, limits: InputLimits): ParsedBody {
  const { starts, ends, count } = lineRanges(text);
  const reader = new NativeLineReader(fileName, fileIndex, limits);
  for (let i = 0; i < count; i++) {
    const start = starts[i]!;
    const end = ends[i]!;
    reader.push(text, start, end, start, end - start);
  }
  return { format: 'native-jsonl', lines: reader.lines, blank: reader.blank, rejected: reader.rejected, records: reader.records, notes: [] };
}
