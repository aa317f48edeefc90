import type { RecordDescriber } from './findings';
import type { JsonValue, SeqRecord } from './model';
import { ABSENT, FIELD_SLOTS, KIND_FIELDS } from './recordColumns';
import type { TableRows } from './tableRows';

/**
 * What the session checks read of a record, however records are held: a
 * reader per field, not one `field(record, name)`. Each reader of the object
 * records then reads its one property where it stands, and sees only the few
 * shapes of the kinds that have the field (see fields.ts: a read shared by
 * every field went megamorphic, a fifth of a second at a million records).
 */
export interface RecordFields<T> extends RecordDescriber<T> {
  kind(r: T): string;
  ref(r: T): JsonValue | undefined;
  resource(r: T): JsonValue | undefined;
  actor(r: T): JsonValue | undefined;
  version(r: T): JsonValue | undefined;
  ifMatch(r: T): JsonValue | undefined;
  outcome(r: T): JsonValue | undefined;
  reported(r: T): JsonValue | undefined;
  fields(r: T): JsonValue | undefined;
  responseId(r: T): JsonValue | undefined;
  previousResponseId(r: T): JsonValue | undefined;
  refs(r: T): JsonValue | undefined;
  committed(r: T): JsonValue | undefined;
  task(r: T): JsonValue | undefined;
  revision(r: T): JsonValue | undefined;
  round(r: T): JsonValue | undefined;
  idempotencyKey(r: T): JsonValue | undefined;
  payload(r: T): JsonValue | undefined;
}

export const OBJECT_FIELDS: RecordFields<SeqRecord> = {
  fileIndex: (r) => r.fileIndex,
  line: (r) => r.line,
  hasId: (r) => r.hasId,
  id: (r) => r.id,
  kind: (r) => r.kind,
  ref: (r) => r.data.ref,
  resource: (r) => r.data.resource,
  actor: (r) => r.data.actor,
  version: (r) => r.data.version,
  ifMatch: (r) => r.data.if_match,
  outcome: (r) => r.data.outcome,
  reported: (r) => r.data.reported,
  fields: (r) => r.data.fields,
  responseId: (r) => r.data.response_id,
  previousResponseId: (r) => r.data.previous_response_id,
  refs: (r) => r.data.refs,
  committed: (r) => r.data.committed,
  task: (r) => r.data.task,
  revision: (r) => r.data.revision,
  round: (r) => r.data.round,
  idempotencyKey: (r) => r.data.idempotency_key,
  payload: (r) => r.data.payload,
};

const KINDS = [...KIND_FIELDS.keys()];
const NAMES = [...new Set([...KIND_FIELDS.values()].flat())];
/** The slot of field n for kind k at `k * NAMES.length + n`, ABSENT where the kind keeps no such field. */
const SLOT = new Int8Array(KINDS.length * NAMES.length).fill(ABSENT);
KINDS.forEach((kind, k) => KIND_FIELDS.get(kind)!.forEach((name, j) => (SLOT[k * NAMES.length + NAMES.indexOf(name)] = j)));

/** RecordFields of rows of record tables, a record being its position (TableRows). */
export function columnsFields(rows: TableRows): RecordFields<number> {
  // Per table, each distinct value's place in KINDS (-1: not a kind that keeps fields, -2: not yet looked at).
  const kindCodes = rows.tables.map((t) => new Int8Array(t.values.length).fill(-2));
  const reader = (name: string) => {
    const n = NAMES.indexOf(name);
    return (p: number): JsonValue | undefined => {
      const t = rows.tableOf(p);
      const table = rows.tables[t]!;
      const row = rows.rowOf(p, t);
      const kindAt = table.kind[row]!;
      const codes = kindCodes[t]!;
      if (codes[kindAt] === -2) codes[kindAt] = KINDS.indexOf(table.values[kindAt] as string);
      const k = codes[kindAt]!;
      if (k < 0) return undefined;
      const slot = SLOT[k * NAMES.length + n]!;
      if (slot === ABSENT) return undefined;
      const at = table.fields[row * FIELD_SLOTS + slot]!;
      return at === ABSENT ? undefined : table.values[at];
    };
  };
  return {
    fileIndex: (p) => rows.fileIndex(p),
    line: (p) => rows.line(p),
    hasId: (p) => rows.hasId(p),
    id: (p) => rows.id(p),
    kind: (p) => rows.kind(p),
    ref: reader('ref'),
    resource: reader('resource'),
    actor: reader('actor'),
    version: reader('version'),
    ifMatch: reader('if_match'),
    outcome: reader('outcome'),
    reported: reader('reported'),
    fields: reader('fields'),
    responseId: reader('response_id'),
    previousResponseId: reader('previous_response_id'),
    refs: reader('refs'),
    committed: reader('committed'),
    task: reader('task'),
    revision: reader('revision'),
    round: reader('round'),
    idempotencyKey: reader('idempotency_key'),
    payload: reader('payload'),
  };
}
