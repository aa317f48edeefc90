import type { JsonObject, JsonValue, RejectedLine, SeqRecord } from '../core/model';
import { WideNumber } from '../core/wideNumber';
import { compactEngineFieldsIfExact } from './compactCopies';
import { inlineNumber } from './inlineNumber';
import { toNativeRecord, type CompactCopy } from './nativeRecord';
import { StringPool } from './stringPool';

/**
 * Records one thread read, in a form another thread turns back into the
 * same records far faster than it would parse their lines: places and flags
 * as typed-array columns (moved, not copied, between threads), ids as they
 * are, every other string, number, boolean and null as an index into a
 * table of the batch's distinct values (repeated strings, such as sessions,
 * actors and resources, arrive once per batch), and only object and array
 * values as JSON text. Each data object's keys are a shape, numbered across
 * batches, which the receiver builds with one object literal. Lines are
 * numbered within the range read; the receiver moves them.
 *
 * A record whose data holds what this form cannot carry travels as its raw
 * line, read again as the reader read it: a number JSON.parse rounded (the
 * exact reading, a WideNumber), a -0 (JSON writes it as 0, the table takes
 * it for 0) in its data or id, a top-level field named `__proto__` (a
 * literal would set the prototype), or keys of a shape past the last one
 * numbered (a log whose records all differ would build a literal for each).
 */
export interface RecordBatch {
  readonly count: number;
  readonly line: Uint32Array;
  readonly lineBase: number;
  readonly offset: Uint32Array;
  readonly offsetBase: number;
  readonly length: Uint32Array;
  /** -1: no accept_seq. */
  readonly acceptSeq: Float64Array;
  readonly flags: Uint8Array;
  /** Indexes into `values`. */
  readonly kind: Int32Array;
  readonly session: Int32Array;
  /** The ids of the records that have one, in order. */
  readonly ids: readonly (string | number)[];
  /** The data's shape; -1: the record travels as a raw line. */
  readonly shape: Int32Array;
  /** The data's field values, record after record: ≥ 0 an index into `values`, < 0 (`~i`) the i-th of `objects`. */
  readonly fields: Int32Array;
  readonly values: readonly JsonValue[];
  /** A JSON array of the object and array values, in order. */
  readonly objects: string;
  /** The keys of the shapes first used in this batch, numbered on from the last batch's. */
  readonly newShapes: readonly (readonly string[])[];
  readonly raw: readonly string[];
  readonly rejected: readonly RejectedLine[];
}

const HAS_ID = 1;
const ACCEPTED = 2;
/** Shapes numbered at most; records of any other shape travel raw. */
const MAX_SHAPES = 1024;
/** The shapes of a kind tried one by one before all shapes are looked up by their keys. */
const SHAPES_TRIED_PER_KIND = 4;

/** The transferable buffers of a batch, for postMessage. */
export function batchBuffers(b: RecordBatch): ArrayBuffer[] {
  return [b.line, b.offset, b.length, b.acceptSeq, b.flags, b.kind, b.session, b.shape, b.fields].map((a) => a.buffer as ArrayBuffer);
}

/** Turns records into batches, one after another: shapes are numbered across them. */
export class RecordBatchWriter {
  private readonly shapes: (readonly string[])[] = [];
  private readonly shapeOfKeys = new Map<string, number>();
  private readonly shapesOfKind = new Map<string, number[]>();
  private shapesSent = 0;

  /**
   * `records` and `rejected` (as a NativeLineReader built them, lines
   * numbered within the range) as one batch. `rawLine(i)` is the JSON the
   * i-th record was read from, asked only for a record that travels raw.
   */
  write(records: readonly SeqRecord[], rejected: readonly RejectedLine[], rawLine: (i: number) => string): RecordBatch {
    const n = records.length;
    const lineBase = n > 0 ? records[0]!.line : 0;
    const offsetBase = n > 0 ? records[0]!.offset : 0;
    const line = new Uint32Array(n);
    const offset = new Uint32Array(n);
    const length = new Uint32Array(n);
    const acceptSeq = new Float64Array(n);
    const flags = new Uint8Array(n);
    const kind = new Int32Array(n);
    const session = new Int32Array(n);
    const shape = new Int32Array(n);
    const ids: (string | number)[] = [];
    const fields: number[] = [];
    const values: JsonValue[] = [];
    const valueIndex = new Map<JsonValue, number>();
    const objects: string[] = [];
    const raw: string[] = [];
    const ref = (v: JsonValue): number => {
      let i = valueIndex.get(v);
      if (i === undefined) {
        i = values.length;
        values.push(v);
        valueIndex.set(v, i);
      }
      return i;
    };
    for (let i = 0; i < n; i++) {
      const r = records[i]!;
      line[i] = r.line - lineBase;
      offset[i] = r.offset - offsetBase;
      length[i] = r.length;
      acceptSeq[i] = r.acceptSeq ?? -1;
      flags[i] = (r.hasId ? HAS_ID : 0) | (r.accepted ? ACCEPTED : 0);
      kind[i] = ref(r.kind);
      session[i] = ref(r.session);
      const s = typeof r.id === 'number' && !carries(r.id) ? -1 : this.shapeOf(r.data, r.kind);
      shape[i] = s;
      if (s < 0) {
        raw.push(rawLine(i));
        continue;
      }
      if (r.hasId) ids.push(r.id);
      const keys = this.shapes[s]!;
      for (let k = 0; k < keys.length; k++) {
        const v = r.data[keys[k]!]!;
        if (v !== null && typeof v === 'object') {
          fields.push(~objects.length);
          objects.push(JSON.stringify(v));
        } else fields.push(ref(v));
      }
    }
    const newShapes = this.shapes.slice(this.shapesSent);
    this.shapesSent = this.shapes.length;
    return {
      count: n,
      line,
      lineBase,
      offset,
      offsetBase,
      length,
      acceptSeq,
      flags,
      kind,
      session,
      ids,
      shape,
      fields: Int32Array.from(fields),
      values,
      objects: `[${objects.join(',')}]`,
      newShapes,
      raw,
      rejected,
    };
  }

  /** The number of `data`'s shape (numbered now when new), or -1 when the data cannot travel in this form. */
  private shapeOf(data: JsonObject, kind: string): number {
    const keys: string[] = [];
    for (const key in data) {
      if (key === '__proto__' || !carries(data[key]!)) return -1;
      keys.push(key);
    }
    let tried = this.shapesOfKind.get(kind);
    if (tried) for (const s of tried) if (sameKeys(this.shapes[s]!, keys)) return s;
    const named = JSON.stringify(keys);
    let s = this.shapeOfKeys.get(named);
    if (s === undefined) {
      if (this.shapes.length >= MAX_SHAPES) return -1;
      s = this.shapes.length;
      this.shapes.push(keys);
      this.shapeOfKeys.set(named, s);
    }
    if (!tried) this.shapesOfKind.set(kind, (tried = []));
    if (tried.length < SHAPES_TRIED_PER_KIND) tried.push(s);
    return s;
  }
}

/** Whether `v` travels as it is: no WideNumber, -0 or number JSON cannot write, at any depth. */
function carries(v: JsonValue): boolean {
  if (typeof v === 'number') return Number.isFinite(v) && !Object.is(v, -0);
  if (v === null || typeof v !== 'object') return true;
  if ((v as unknown) instanceof WideNumber) return false;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) if (!carries(v[i]!)) return false;
    return true;
  }
  for (const k in v) if (!carries(v[k]!)) return false;
  return true;
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Builds one shape's data object from a batch's tables, field values from `fields[at]` on. */
type ShapeBuilder = (values: readonly JsonValue[], objects: readonly JsonValue[], fields: Int32Array, at: number) => JsonObject;

/**
 * One object literal with the shape's keys, compiled once per shape: V8
 * makes each object with its final layout at once, where adding the keys
 * one by one took five times as long. The keys are log text, written into
 * the code only as JSON string literals (which JavaScript reads as the same
 * strings, and which cannot end the literal); `__proto__`, which a literal
 * would take for the prototype, never reaches here.
 */
function shapeBuilder(keys: readonly string[]): ShapeBuilder {
  const members = keys.map((key, k) => `${JSON.stringify(key)}: (x = F[at + ${k}]) >= 0 ? V[x] : O[~x]`);
  return new Function('V', 'O', 'F', 'at', `let x; return { ${members.join(', ')} };`) as ShapeBuilder;
}

/**
 * Turns batches back into records on the receiving thread, their lines
 * moved past `linesBefore`, the lines read before the range. Records that
 * travelled raw are read again as the range's reader read them (compact).
 */
export class RecordBatchReader {
  private readonly pool = new StringPool();
  private readonly builders: ShapeBuilder[] = [];
  private readonly shapeKeys: (readonly string[])[] = [];
  private readonly compactCopy: CompactCopy = (data, kind) => compactEngineFieldsIfExact(data, kind, this.pool);

  constructor(
    private readonly fileName: string,
    private readonly fileIndex: number,
    private readonly linesBefore: number,
  ) {}

  /** The batch's records appended to `records`, its rejected lines to `rejected`. */
  read(b: RecordBatch, records: SeqRecord[], rejected: RejectedLine[]): void {
    const { fileName, fileIndex } = this;
    for (const keys of b.newShapes) this.shapeKeys.push(keys);
    const { values, fields, ids } = b;
    const objects = JSON.parse(b.objects) as JsonValue[];
    const lineBase = b.lineBase + this.linesBefore;
    let f = 0;
    let nextId = 0;
    let nextRaw = 0;
    for (let i = 0; i < b.count; i++) {
      const line = inlineNumber(lineBase + b.line[i]!);
      const offset = inlineNumber(b.offsetBase + b.offset[i]!);
      const length = inlineNumber(b.length[i]!);
      const s = b.shape[i]!;
      if (s < 0) {
        const json = b.raw[nextRaw++]!;
        const r = toNativeRecord(JSON.parse(json), { fileName, fileIndex, line, offset, length }, this.compactCopy, json, this.pool);
        if (typeof r === 'string') throw new Error(`line ${line} was a record where it was read but not here: ${r}`);
        records.push(r);
        continue;
      }
      const data = (this.builders[s] ??= shapeBuilder(this.shapeKeys[s]!))(values, objects, fields, f);
      f += this.shapeKeys[s]!.length;
      const flags = b.flags[i]!;
      const hasId = (flags & HAS_ID) !== 0;
      const seq = b.acceptSeq[i]!;
      records.push({
        fileIndex,
        line,
        offset,
        length,
        kind: values[b.kind[i]!] as string,
        id: hasId ? ids[nextId++]! : `${fileName}:${line}`,
        hasId,
        session: values[b.session[i]!] as string,
        accepted: (flags & ACCEPTED) !== 0,
        acceptSeq: seq < 0 ? null : inlineNumber(seq),
        data,
      });
    }
    for (const r of b.rejected) rejected.push(this.movedRejection(r));
  }

  /** A rejection numbered within the range, renumbered: every reason starts `line N: ` (JsonLineReader). */
  private movedRejection(r: RejectedLine): RejectedLine {
    const line = r.line + this.linesBefore;
    return { line, reason: `line ${line}: ${r.reason.slice(`line ${r.line}: `.length)}` };
  }

  /** Lines of invalid UTF-8 numbered within the range, renumbered. */
  movedLines(lines: readonly number[]): number[] {
    return lines.map((l) => l + this.linesBefore);
  }
}
