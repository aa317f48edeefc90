import { recordIndexer, type RecordIndexer } from '../core/recordIndex';
import type { SeqRecord } from '../core/model';
import { WideNumber } from '../core/wideNumber';

/*
 * The analysis without its records: every reference to a record becomes its
 * position in Analysis.records, so the object graph crosses to the page as
 * a structured clone of small parts and is rebuilt there around the page's
 * own record objects (shared records stay shared).
 */

/**
 * Tags in the skeleton. The analysis holds no BigInt arrays, so an array whose
 * first element is one is never something the engine made: a list of records
 * (indices), one record, or an object without a prototype (a state keyed by
 * log text, where `__proto__` is an ordinary key).
 */
const RECORDS = 0;
const RECORD = 1;
const BARE_OBJECT = 2;
/** A list of records that are consecutive in Analysis.records (an input's, often a whole session's): first and count. */
const RECORD_RUN = 3;
/** A number beyond 2^53 − 1 in a state value, by its text: a structured clone would make it a plain object. */
const WIDE_NUMBER = 4;
const tag = (kind: number) => new BigInt64Array(kind + 1);
const tagOf = (v: unknown): number => (Array.isArray(v) && v.length === 2 && v[0] instanceof BigInt64Array ? v[0].length - 1 : -1);

/** Records put in a skeleton already encoded (encodedRecord, encodedRecords), which encodeSkeleton passes through as they are. */
const preEncoded = new WeakSet<object>();

/** A record given by its position, as encodeSkeleton writes a record it finds. */
export function encodedRecord(position: number): unknown {
  const out = [tag(RECORD), position];
  preEncoded.add(out);
  return out;
}

/**
 * A list of records given by their positions, as encodeSkeleton writes a
 * list of records it finds: for analyses whose records are positions
 * already (record tables), where a number cannot say it is a record.
 * `buffers` gets the list's buffer, to be transferred.
 */
export function encodedRecords(positions: ArrayLike<number>, buffers?: Set<ArrayBuffer>): unknown {
  const out = positions.length === 0 ? [] : listOf(Int32Array.from(positions), (list) => buffers?.add(list.buffer as ArrayBuffer));
  preEncoded.add(out);
  return out;
}

/** A non-empty list of record positions as the skeleton writes it: a run by its first and count, else the list, which `transfer` is given. */
function listOf(list: Int32Array, transfer: (list: Int32Array) => void): unknown[] {
  if (isRun(list)) return [tag(RECORD_RUN), [list[0]!, list.length]];
  transfer(list);
  return [tag(RECORDS), list];
}

function isPlain(v: object): boolean {
  const p = Object.getPrototypeOf(v) as unknown;
  return p === Object.prototype || p === null;
}

/**
 * The analysis as a skeleton in which every record is its position in `records` (Analysis.records).
 * `buffers`, when given, gets the buffer of every typed array in it, for the large ones to be
 * transferred (transfersByMessage.ts): the skeleton's arrays are the analysis' own, so the analysis
 * must not be used once they are. `ownArrays: false` leaves those out: `buffers` gets only the lists
 * of record positions made here, which nothing else holds.
 */
export function encodeSkeleton(
  root: unknown,
  records: readonly SeqRecord[],
  indexOf: RecordIndexer = recordIndexer(records),
  buffers?: Set<ArrayBuffer>,
  ownArrays = true,
): unknown {
  const memo = new Map<object, unknown>();
  const transfer = (a: ArrayBufferView) => buffers?.add(a.buffer as ArrayBuffer);
  const transferOwn = (a: ArrayBufferView) => ownArrays && transfer(a);
  const encode = (v: unknown): unknown => {
    if (v === null || typeof v !== 'object') return v;
    if (ArrayBuffer.isView(v) && (v instanceof BigInt64Array || v instanceof BigUint64Array)) throw new Error('a BigInt array in the analysis');
    if (preEncoded.has(v)) return v;
    const done = memo.get(v);
    if (done !== undefined) return done;
    let out: unknown;
    const i = indexOf(v);
    if (i !== undefined) out = [tag(RECORD), i];
    else if (v instanceof WideNumber) out = [tag(WIDE_NUMBER), v.text];
    else if (Array.isArray(v)) {
      const list = v.length > 0 ? recordList(v, indexOf, records) : null;
      out = list === null ? v.map(encode) : listOf(list, transfer);
    } else if (v instanceof Map) out = new Map([...v].map(([k, x]) => [encode(k), encode(x)]));
    else if (v instanceof Set) out = new Set([...v].map(encode));
    else if (isPlain(v)) {
      const o: Record<string, unknown> = {};
      for (const key of Object.keys(v)) Object.defineProperty(o, key, { value: encode((v as Record<string, unknown>)[key]), enumerable: true, writable: true, configurable: true });
      out = Object.getPrototypeOf(v) === null ? [tag(BARE_OBJECT), o] : o;
    } else {
      if (ArrayBuffer.isView(v)) transferOwn(v);
      out = v;
    }
    memo.set(v, out);
    return out;
  };
  return encode(root);
}

/**
 * The positions of an array's elements when every one is a record, else
 * null. Most lists (a session's records, its participants, the inputs, the
 * displaced) hold records in storage order: walking them beside `records`
 * compares references only, where looking each one up reads the record
 * itself, a cache miss apiece at a million records. A short list's walk
 * gives up once it has passed over more than a few times its length, so a
 * short list in another order costs its lookups, never a scan of every record.
 */
function recordList(v: readonly unknown[], indexOf: (v: unknown) => number | undefined, records: readonly SeqRecord[]): Int32Array | null {
  const out = new Int32Array(v.length);
  const head = v[0];
  const first = head !== null && typeof head === 'object' ? indexOf(head) : undefined;
  if (first === undefined) return null;
  // A long list may walk every record: lists a sixteenth as long as the records or longer number at
  // most sixteen times the records held in all lists, so the walks stay linear in what is encoded.
  const budget = v.length >= records.length / 16 ? records.length : first + 4 * v.length + 1024;
  let j = first;
  let k = 0;
  for (; k < v.length; k++) {
    const x = v[k];
    while (j < records.length && j < budget && records[j] !== x) j++;
    if (j >= records.length || j >= budget) break;
    out[k] = j++;
  }
  if (k === v.length) return out;
  for (k = 0; k < v.length; k++) {
    const x = v[k];
    const i = x !== null && typeof x === 'object' ? indexOf(x) : undefined;
    if (i === undefined) return null;
    out[k] = i;
  }
  return out;
}

export function decodeSkeleton(root: unknown, records: readonly SeqRecord[]): unknown {
  const memo = new Map<object, unknown>();
  const decode = (v: unknown): unknown => {
    if (v === null || typeof v !== 'object') return v;
    const done = memo.get(v);
    if (done !== undefined) return done;
    let out: unknown;
    const t = tagOf(v);
    if (t === RECORDS) out = recordsAt((v as [unknown, Int32Array])[1], records);
    else if (t === RECORD_RUN) {
      const [first, count] = (v as [unknown, [number, number]])[1];
      // Every record (one input's, one session's): the list itself, not a copy of it per input and per session.
      out = first === 0 && count === records.length ? records : records.slice(first, first + count);
    }
    else if (t === RECORD) out = records[(v as [unknown, number])[1]]!;
    else if (t === WIDE_NUMBER) out = WideNumber.fromLiteral((v as [unknown, string])[1]);
    else if (t === BARE_OBJECT) out = decodeObject((v as [unknown, Record<string, unknown>])[1], Object.create(null) as Record<string, unknown>);
    else if (Array.isArray(v)) out = v.map(decode);
    else if (v instanceof Map) out = new Map([...v].map(([k, x]) => [decode(k), decode(x)]));
    else if (v instanceof Set) out = new Set([...v].map(decode));
    else if (isPlain(v)) out = decodeObject(v as Record<string, unknown>, {});
    else out = v;
    memo.set(v, out);
    return out;
  };
  const decodeObject = (v: Record<string, unknown>, o: Record<string, unknown>) => {
    for (const key of Object.keys(v)) {
      if (key === '__proto__') Object.defineProperty(o, key, { value: decode(v[key]), enumerable: true, writable: true, configurable: true });
      else o[key] = decode(v[key]);
    }
    return o;
  };
  return decode(root);
}

function isRun(list: Int32Array): boolean {
  const first = list[0]!;
  for (let k = 1; k < list.length; k++) if (list[k] !== first + k) return false;
  return true;
}

function recordsAt(indices: Int32Array, records: readonly SeqRecord[]): SeqRecord[] {
  const out = new Array<SeqRecord>(indices.length);
  for (let k = 0; k < indices.length; k++) out[k] = records[indices[k]!]!;
  return out;
}
