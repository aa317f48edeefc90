import type { JsonObject, SeqRecord } from '../core/model';
import { ABSENT, ACCEPTED, FIELD_SLOTS, HAS_ID, ID_JSON, ID_NUMBER, KIND_FIELDS, type RecordColumns } from '../core/recordColumns';
import { utf8Bytes } from './utf8Bytes';
import { ValueInterner } from './valueInterner';

/**
 * The columns of one input as its rows come. They grow by doubling, or once
 * to the rows expected (`expectRows`): on a machine where fresh memory is
 * slow to map, growing a dozen columns a million rows long by doubling cost
 * more than a third of the reading.
 */
export class ColumnsBuilder {
  readonly values = new ValueInterner();
  count = 0;
  private capacity = 1 << 12;
  private line = new Int32Array(this.capacity);
  private offset = new Float64Array(this.capacity);
  private length = new Int32Array(this.capacity);
  private kind = new Int32Array(this.capacity);
  private session = new Int32Array(this.capacity);
  private acceptSeq = new Float64Array(this.capacity);
  private flags = new Uint8Array(this.capacity);
  private idEnd = new Int32Array(this.capacity);
  private idBytes = new Uint8Array(1 << 16);
  private idUsed = 0;
  /** The rows' fields (RecordColumns.fields); the next row's are written before `add` commits it. */
  fields = new Int32Array(this.capacity * FIELD_SLOTS);
  private readonly whole = new Map<number, JsonObject>();
  readonly noSession: number;

  constructor(private readonly fileIndex: number) {
    this.noSession = this.values.valueIndex('default');
  }

  /** Room for `rows` rows in all, taken at once. */
  expectRows(rows: number): void {
    if (rows > this.capacity) this.grow(rows);
  }

  /** Where the next row's fields start in `fields` (read `fields` after this call), all ABSENT. */
  nextFields(): number {
    if (this.count === this.capacity) this.grow(this.capacity * 2);
    const base = this.count * FIELD_SLOTS;
    const fields = this.fields;
    // A loop, not fill(): a builtin's call cost more than the seven writes, a row at a time.
    for (let j = base; j < base + FIELD_SLOTS; j++) fields[j] = ABSENT;
    return base;
  }

  /** The id of the row added next, as `buf[start, end)` (see RecordColumns.idBytes). */
  idFromBytes(buf: Uint8Array, start: number, end: number): void {
    const length = end - start;
    if (this.idUsed + length > this.idBytes.length) this.growIdBytes(length);
    const bytes = this.idBytes;
    let at = this.idUsed;
    for (let i = start; i < end; i++) bytes[at++] = buf[i]!;
    this.idUsed = at;
  }

  /** The id of the row added next, and the flags that say how to read it back. */
  idFromValue(id: string | number): number {
    let text: string;
    let flags = 0;
    if (typeof id === 'number') {
      text = Object.is(id, -0) ? '-0' : String(id);
      flags = ID_NUMBER;
    } else if (LONE_SURROGATE.test(id)) {
      text = JSON.stringify(id);
      flags = ID_JSON;
    } else text = id;
    const bytes = utf8Bytes(text);
    this.idFromBytes(bytes, 0, bytes.length);
    return flags;
  }

  /** Commits the row whose fields (nextFields) and id (if any) were given first. */
  add(line: number, offset: number, length: number, kind: number, session: number, acceptSeq: number, flags: number): void {
    const row = this.count++;
    this.line[row] = line;
    this.offset[row] = offset;
    this.length[row] = length;
    this.kind[row] = kind;
    this.session[row] = session;
    this.acceptSeq[row] = acceptSeq;
    this.flags[row] = flags;
    this.idEnd[row] = this.idUsed;
  }

  /** A row from a record an object reader made (a line the scan left to JSON.parse). */
  addRecord(record: SeqRecord): void {
    const names = KIND_FIELDS.get(record.kind);
    const base = this.nextFields();
    if (names) {
      for (let j = 0; j < names.length; j++) {
        const v = record.data[names[j]!];
        if (v !== undefined) this.fields[base + j] = this.values.valueIndex(v);
      }
    } else if (Object.keys(record.data).length > 0) this.whole.set(this.count, record.data);
    const idFlags = record.hasId ? HAS_ID | this.idFromValue(record.id) : 0;
    const kind = this.values.valueIndex(record.kind);
    const session = this.values.valueIndex(record.session);
    this.add(record.line, record.offset, record.length, kind, session, record.acceptSeq ?? -1, idFlags | (record.accepted ? ACCEPTED : 0));
  }

  finish(): RecordColumns {
    const n = this.count;
    // Past seven eighths full the spare rows are kept rather than every column copied once more.
    const keepSpare = n * 8 >= this.capacity * 7;
    const cut = <T extends Int32Array | Float64Array | Uint8Array>(a: T, end: number) => (keepSpare ? a.subarray(0, end) : a.slice(0, end)) as T;
    return {
      fileIndex: this.fileIndex,
      count: n,
      line: cut(this.line, n),
      offset: cut(this.offset, n),
      length: cut(this.length, n),
      kind: cut(this.kind, n),
      session: cut(this.session, n),
      acceptSeq: cut(this.acceptSeq, n),
      flags: cut(this.flags, n),
      idEnd: cut(this.idEnd, n),
      idBytes: this.idBytes.slice(0, this.idUsed),
      fields: cut(this.fields, n * FIELD_SLOTS),
      values: this.values.values,
      whole: this.whole,
    };
  }

  private growIdBytes(length: number): void {
    const bytes = new Uint8Array(Math.max(this.idBytes.length * 2, this.idUsed + length));
    bytes.set(this.idBytes.subarray(0, this.idUsed));
    this.idBytes = bytes;
  }

  private grow(capacity: number): void {
    this.capacity = capacity;
    this.line = grown(this.line, new Int32Array(capacity));
    this.offset = grown(this.offset, new Float64Array(capacity));
    this.length = grown(this.length, new Int32Array(capacity));
    this.kind = grown(this.kind, new Int32Array(capacity));
    this.session = grown(this.session, new Int32Array(capacity));
    this.acceptSeq = grown(this.acceptSeq, new Float64Array(capacity));
    this.flags = grown(this.flags, new Uint8Array(capacity));
    this.idEnd = grown(this.idEnd, new Int32Array(capacity));
    this.fields = grown(this.fields, new Int32Array(capacity * FIELD_SLOTS));
  }
}

/**
 * The records of an input an object reader read (a small file read whole, a
 * Codex rollout, an eval sheet) as a table, so that they are analysed with
 * the tables of the inputs read into columns (analyzeColumns).
 */
export function columnsOfRecords(records: readonly SeqRecord[], fileIndex: number): RecordColumns {
  const builder = new ColumnsBuilder(fileIndex);
  builder.expectRows(records.length);
  for (const r of records) builder.addRecord(r);
  return builder.finish();
}

const LONE_SURROGATE = /\p{Cs}/u;

function grown<T extends Int32Array | Float64Array | Uint8Array>(from: T, to: T): T {
  to.set(from);
  return to;
}
