import type { JsonObject, JsonValue } from '../core/model';
import { compactRecordDataIfExact } from './compactRecord';
import { holdsRoundedNumber } from './exactJson';
import type { StringPool } from './stringPool';

/**
 * compactRecordDataIfExact, faster, for a reader that keeps a million
 * compact records: each kind's fields are copied by code that names them,
 * and strings that name shared things are held once through `pool`. Kept
 * apart from compactRecord.ts so that the page, which never reads records
 * compact, does not load it.
 */
export function compactEngineFieldsIfExact(data: JsonObject, kind: string, pool: StringPool | null): JsonObject | null {
  const copy = COPIES.get(kind);
  if (!copy) return compactRecordDataIfExact(data, kind);
  const out = copy(data, pool ? pool.shared : unshared);
  // Only own enumerable keys: `out` is a plain object whose prototype has none.
  for (const name in out) {
    const v = out[name];
    if (typeof v !== 'string' && holdsRoundedNumber(v)) return null;
  }
  return out;
}

const unshared = (v: JsonValue) => v;

/**
 * KIND_FIELDS (core/recordColumns.ts) as code, one copy per kind: each read and write names its
 * field, so V8 keeps one shape per site, where a loop over the names made
 * every read and write look up its name (a third of the copy's time, on a
 * million records). JSON never yields undefined, so undefined is absence.
 * compactCopies.test.ts holds these to KIND_FIELDS. Fields that name
 * something many records share (an actor, a resource and its versions, a
 * key, a task) go through `shared`, the pool's when there is one.
 */
const COPIES: ReadonlyMap<string, (d: JsonObject, shared: (v: JsonValue) => JsonValue) => JsonObject> = new Map(
  Object.entries({
    input: (d: JsonObject, shared: (v: JsonValue) => JsonValue) => {
      const o: JsonObject = {};
      const { op, key, value, effects, actor } = d;
      if (op !== undefined) o.op = op;
      if (key !== undefined) o.key = shared(key);
      if (value !== undefined) o.value = value;
      if (effects !== undefined) o.effects = effects;
      if (actor !== undefined) o.actor = shared(actor);
      return o;
    },
    read: (d: JsonObject, shared: (v: JsonValue) => JsonValue) => {
      const o: JsonObject = {};
      const { resource, version, actor } = d;
      if (resource !== undefined) o.resource = shared(resource);
      if (version !== undefined) o.version = shared(version);
      if (actor !== undefined) o.actor = shared(actor);
      return o;
    },
    write: (d: JsonObject, shared: (v: JsonValue) => JsonValue) => {
      const o: JsonObject = {};
      const { resource, actor, if_match, version, outcome, reported, fields } = d;
      if (resource !== undefined) o.resource = shared(resource);
      if (actor !== undefined) o.actor = shared(actor);
      if (if_match !== undefined) o.if_match = shared(if_match);
      if (version !== undefined) o.version = shared(version);
      if (outcome !== undefined) o.outcome = outcome;
      if (reported !== undefined) o.reported = reported;
      if (fields !== undefined) o.fields = fields;
      return o;
    },
    notice: (d: JsonObject, shared: (v: JsonValue) => JsonValue) => {
      const o: JsonObject = {};
      const { ref, actor } = d;
      if (ref !== undefined) o.ref = ref;
      if (actor !== undefined) o.actor = shared(actor);
      return o;
    },
    response: (d: JsonObject) => {
      const o: JsonObject = {};
      const { response_id, previous_response_id, refs } = d;
      if (response_id !== undefined) o.response_id = response_id;
      if (previous_response_id !== undefined) o.previous_response_id = previous_response_id;
      if (refs !== undefined) o.refs = refs;
      return o;
    },
    request: (d: JsonObject) => {
      const o: JsonObject = {};
      const { previous_response_id, refs, op } = d;
      if (previous_response_id !== undefined) o.previous_response_id = previous_response_id;
      if (refs !== undefined) o.refs = refs;
      if (op !== undefined) o.op = op;
      return o;
    },
    clear: (d: JsonObject) => {
      const o: JsonObject = {};
      const { outcome, committed } = d;
      if (outcome !== undefined) o.outcome = outcome;
      if (committed !== undefined) o.committed = committed;
      return o;
    },
    task: (d: JsonObject, shared: (v: JsonValue) => JsonValue) => {
      const o: JsonObject = {};
      const { task, revision, round } = d;
      if (task !== undefined) o.task = shared(task);
      if (revision !== undefined) o.revision = revision;
      if (round !== undefined) o.round = round;
      return o;
    },
    command: (d: JsonObject, shared: (v: JsonValue) => JsonValue) => {
      const o: JsonObject = {};
      const { task, revision, round, idempotency_key, payload, outcome } = d;
      if (task !== undefined) o.task = shared(task);
      if (revision !== undefined) o.revision = revision;
      if (round !== undefined) o.round = round;
      if (idempotency_key !== undefined) o.idempotency_key = idempotency_key;
      if (payload !== undefined) o.payload = payload;
      if (outcome !== undefined) o.outcome = outcome;
      return o;
    },
  }),
);
