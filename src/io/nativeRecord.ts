import type { JsonObject, JsonValue, SeqRecord } from '../core/model';
import { isRounded, WideNumber } from '../core/wideNumber';
import { compactRecordData, engineFieldsHoldRoundedNumber } from './compactRecord';
import { parseExact } from './exactJson';
import { skipSpace, writtenValueAt } from './jsonSpans';
import { nonNegativeIntegerReason } from './integerField';
import { describeValue, jsonTypeName } from './jsonError';
import type { StringPool } from './stringPool';

export interface RecordPlace {
  readonly fileName: string;
  readonly fileIndex: number;
  readonly line: number;
  readonly offset: number;
  readonly length: number;
}

const ACCEPT_SEQ = ['accept_seq'];

/** A faster compactRecordDataIfExact, given by a reader that keeps records compact (compactCopies.ts). */
export type CompactCopy = (data: JsonObject, kind: string) => JsonObject | null;

/** A value's JSON as written (one value, nothing around it), or a function that finds it, asked only when needed; null: not at hand. */
export type WrittenJson = string | (() => string | null) | null;

/**
 * One parsed JSON value to a native record, or the reason it cannot be one.
 * Only fields whose type the engine relies on are checked; everything else
 * is kept as written. `written`, the value's JSON, is what a reason quotes a
 * number from, and what is read again when the value holds a number
 * JSON.parse rounded (exactJson.ts).
 */
export function toNativeRecord(
  value: unknown,
  place: RecordPlace,
  compact: CompactCopy | false = false,
  written: WrittenJson = null,
  pool: StringPool | null = null,
): SeqRecord | string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return `expected a JSON object, found ${jsonTypeName(value)} ${describeValue(value)}`;
  }
  const data = value as JsonObject;
  // Plain reads: JSON.parse makes ordinary objects and none of these names is a property of
  // Object.prototype, so an absent field reads as undefined, and this runs once per record.
  const kind = data.kind;
  if (kind !== undefined && typeof kind !== 'string') return `kind must be a string, got ${describeValue(kind)}`;
  const id = data.id;
  if (id !== undefined && id !== null && typeof id !== 'string' && typeof id !== 'number') {
    return `id must be a string or a number, got ${describeValue(id)}`;
  }
  const session = data.session;
  if (session !== undefined && session !== null && typeof session !== 'string') {
    return `session must be a string, got ${describeValue(session)}`;
  }
  const accepted = data.accepted;
  if (accepted !== undefined && accepted !== null && typeof accepted !== 'boolean') {
    return `accepted must be true or false, got ${describeValue(accepted)}`;
  }
  const seq = data.accept_seq;
  if (seq !== undefined && seq !== null && !(typeof seq === 'number' && Number.isSafeInteger(seq) && seq >= 0)) {
    return nonNegativeIntegerReason('accept_seq', seq, ACCEPT_SEQ, textOf(written), 0);
  }
  const hasId = id !== undefined && id !== null;
  let exactId = id;
  // A log of 64-bit ids has one on every line: the id alone is read from the text, not the whole line again.
  if (typeof id === 'number' && isRounded(id)) {
    const json = textOf(written);
    const wide = json === null ? null : writtenId(json, id);
    if (wide) {
      // Where the record keeps every field, its id field is exact too: compared whole, a record must equal itself read again.
      if (!compact || kind === 'eval') data.id = wide as unknown as JsonValue;
      // Its digits: a string, the one type that holds them wherever the id goes (findings, --json, the page).
      exactId = wide.text;
    }
  }
  // Only the fields the engine reads are searched, kept compact or whole: a wide number elsewhere is shown rounded where
  // the record is shown parsed (an item of a JSON array), and the raw line beside it keeps its digits.
  let fields = compact ? compact(data, kind ?? '') : engineFieldsHoldRoundedNumber(data, kind ?? '') ? null : data;
  if (fields === null) {
    const json = textOf(written);
    const exact = json === null ? data : (parseExact(json, 0) as JsonObject);
    fields = compact ? compactRecordData(exact, kind ?? '') : exact;
  }
  return {
    fileIndex: place.fileIndex,
    line: place.line,
    offset: place.offset,
    length: place.length,
    kind: kind ?? '',
    id: hasId ? (exactId as string | number) : `${place.fileName}:${place.line}`,
    hasId,
    session: typeof session !== 'string' ? 'default' : pool ? pool.intern(session) : session,
    accepted: accepted !== false,
    acceptSeq: typeof seq === 'number' ? seq : null,
    data: fields,
  };
}

function textOf(written: WrittenJson): string | null {
  return typeof written === 'function' ? written() : written;
}

/**
 * The top-level id of a record's JSON, which JSON.parse read as `parsed`,
 * found by a search for `"id":` where that is sure, instead of a walk over
 * the whole line (a log of 64-bit ids has one on every line): the top-level
 * key is among the matches unless a `\u` escape spells it, and the other
 * matches (a nested id, text in a string) matter only when they too read as
 * `parsed`; when all of those have one exact value, it is the id's.
 */
function writtenId(json: string, parsed: number): WideNumber | null {
  let found: WideNumber | null = null;
  if (!json.includes('\\u')) {
    for (let at = json.indexOf('"id"'); at >= 0; at = json.indexOf('"id"', at + 4)) {
      const literal = numberAfterColon(json, at + 4);
      if (literal === null || Number(literal) !== parsed) continue;
      const wide = WideNumber.fromLiteral(literal);
      if (found !== null && found.text !== wide.text) {
        found = null;
        break;
      }
      found = wide;
    }
  }
  if (found !== null) return found;
  const member = writtenValueAt(json, 0, ['id']);
  return member === null ? null : WideNumber.fromLiteral(member);
}

/** The number written after `:` (spaces around it allowed) at `at`, or null when something else is there. */
function numberAfterColon(json: string, at: number): string | null {
  at = skipSpace(json, at);
  if (json.charCodeAt(at) !== 0x3a) return null;
  const from = skipSpace(json, at + 1);
  let end = from;
  for (;;) {
    const c = json.charCodeAt(end);
    if (!((c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2b || c === 0x2e || c === 0x65 || c === 0x45)) break;
    end++;
  }
  return end > from ? json.slice(from, end) : null;
}
