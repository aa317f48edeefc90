import { asciiText } from './asciiText';
import type { JsonObject, JsonValue, SeqRecord } from './model';

/**
 * The fields the engine reads, per kind (spec section 2), in slot order: a
 * record's value of `KIND_FIELDS.get(kind)[j]` is in slot j of the record
 * table. A Map, not an object: a kind is log text, and `toString` or
 * `constructor` must find nothing, not a property of Object.prototype.
 */
export const KIND_FIELDS: ReadonlyMap<string, readonly string[]> = new Map(
  Object.entries({
    input: ['op', 'key', 'value', 'effects', 'actor'],
    read: ['resource', 'version', 'actor'],
    write: ['resource', 'actor', 'if_match', 'version', 'outcome', 'reported', 'fields'],
    notice: ['ref', 'actor'],
    response: ['response_id', 'previous_response_id', 'refs'],
    request: ['previous_response_id', 'refs', 'op'],
    clear: ['outcome', 'committed'],
    task: ['task', 'revision', 'round'],
    command: ['task', 'revision', 'round', 'idempotency_key', 'payload', 'outcome'],
  }),
);

/** Slots a row has: the most fields any kind keeps. */
export const FIELD_SLOTS = Math.max(...[...KIND_FIELDS.values()].map((names) => names.length));

/** A slot, id or value index that holds nothing. */
export const ABSENT = -1;

/** Bits of `RecordColumns.flags`. */
export const HAS_ID = 1;
export const ACCEPTED = 2;
/** The id is a number, its bytes the digits String() writes (`-0` for minus zero). */
export const ID_NUMBER = 4;
/** The id is a string that UTF-8 cannot hold (a lone surrogate), its bytes its JSON. */
export const ID_JSON = 8;

/**
 * The records of one input as columns: what the engine reads of a million
 * records in typed arrays and one table of distinct values, instead of a
 * million objects with their own strings (docs/performance.md, *What would
 * meet the two load ratios*). Row i is the input's i-th record, in file order.
 *
 * Values (kinds, sessions, the fields of KIND_FIELDS) are indices into
 * `values`, one entry per distinct value, so equal indices are equal values.
 * Scalars written two ways (`"a"` and `"\u0061"`, `1` and `1.0`) share one
 * index; an object or array is one entry per spelling, and two entries may
 * hold equal values (compare them by canonical JSON when the indices differ).
 */
export interface RecordColumns {
  readonly fileIndex: number;
  readonly count: number;
  /** 1-based line of each row. */
  readonly line: Int32Array;
  /** Where each row's raw text is: UTF-8 bytes of the content from its start. */
  readonly offset: Float64Array;
  readonly length: Int32Array;
  /** Index of the kind's string in `values` (the empty string when a record has none). */
  readonly kind: Int32Array;
  /** Index of the session's string in `values` (`default` when a record has none). */
  readonly session: Int32Array;
  /** The accept number, or -1 when the record has none. */
  readonly acceptSeq: Float64Array;
  readonly flags: Uint8Array;
  /**
   * Where each row's id ends in `idBytes` (it starts where the row before's
   * ends): the UTF-8 of its text, empty when the row has none. A wide numeric
   * id is its digits, a string, as the object readers keep it.
   */
  readonly idEnd: Int32Array;
  readonly idBytes: Uint8Array;
  /** FIELD_SLOTS per row: `fields[i * FIELD_SLOTS + j]` is the index in `values` of row i's kind's j-th field, or ABSENT. */
  readonly fields: Int32Array;
  readonly values: readonly JsonValue[];
  /** Rows whose data is kept whole (evals are compared whole), by row. */
  readonly whole: ReadonlyMap<number, JsonObject>;
}

/**
 * Row `row` as the record the object readers make of it (compact: only the
 * fields the engine reads), for what shows one record and for the tests that
 * hold the columns to those readers.
 */
export function recordOfRow(columns: RecordColumns, row: number, fileName: string): SeqRecord {
  const kind = columns.values[columns.kind[row]!] as string;
  const flags = columns.flags[row]!;
  const seq = columns.acceptSeq[row]!;
  return {
    fileIndex: columns.fileIndex,
    line: columns.line[row]!,
    offset: columns.offset[row]!,
    length: columns.length[row]!,
    kind,
    id: (flags & HAS_ID) === 0 ? `${fileName}:${columns.line[row]!}` : idOfRow(columns, row),
    hasId: (flags & HAS_ID) !== 0,
    session: columns.values[columns.session[row]!] as string,
    accepted: (flags & ACCEPTED) !== 0,
    acceptSeq: seq < 0 ? null : seq,
    data: columns.whole.get(row) ?? dataOfRow(columns, row, kind),
  };
}

/** The id of a row that has one, as written. */
export function idOfRow(columns: RecordColumns, row: number): string | number {
  const start = row === 0 ? 0 : columns.idEnd[row - 1]!;
  const text = utf8Text(columns.idBytes, start, columns.idEnd[row]!);
  const flags = columns.flags[row]!;
  if (flags & ID_NUMBER) return Number(text);
  return flags & ID_JSON ? (JSON.parse(text) as string) : text;
}

const decoder = new TextDecoder();

function utf8Text(bytes: Uint8Array, start: number, end: number): string {
  let ascii = true;
  for (let i = start; i < end && ascii; i++) ascii = bytes[i]! < 0x80;
  return ascii ? asciiText(bytes, start, end) : decoder.decode(bytes.subarray(start, end));
}

function dataOfRow(columns: RecordColumns, row: number, kind: string): JsonObject {
  const data: JsonObject = {};
  const names = KIND_FIELDS.get(kind);
  if (!names) return data;
  for (let j = 0; j < names.length; j++) {
    const at = columns.fields[row * FIELD_SLOTS + j]!;
    if (at !== ABSENT) data[names[j]!] = columns.values[at]!;
  }
  return data;
}
