import type { JsonObject, JsonValue } from '../core/model';
import { holdsRoundedNumber } from './exactJson';
import type { StringPool } from './stringPool';

/**
 * The fields the engine reads, per kind (spec section 2). A compact record
 * keeps only these, so a million-record log held for analysis costs a small
 * object per record instead of every parsed field; the raw line stays in the
 * file for anyone who wants the rest. A Map, not an object: a kind is log
 * text, and `toString` or `constructor` must find nothing, not a property of
 * Object.prototype (a record of kind toString made a whole streamed file
 * unreadable).
 */
export const ENGINE_FIELDS: ReadonlyMap<string, readonly string[]> = new Map(
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

/** Eval records are compared whole (replays versus annotation variance), so they are never compacted. */
export function compactRecordData(data: JsonObject, kind: string): JsonObject {
  return copyEngineFields(data, kind, false)!;
}

/**
 * compactRecordData, or null when a field it keeps holds a number JSON.parse
 * rounded (exactJson.ts), which must be read again from the line first. The
 * search rides on the copy, so a record whose fields are strings costs a
 * typeof per field, not a walk of its own.
 */
export function compactRecordDataIfExact(data: JsonObject, kind: string, pool: StringPool | null = null): JsonObject | null {
  return copyEngineFields(data, kind, true, pool);
}

/**
 * Whether a field the engine reads (every field of an eval) holds a number
 * JSON.parse rounded, for a record kept whole: only those are compared, so a
 * wide number elsewhere (a nanosecond timestamp on every line) must not make
 * every line be read again.
 */
export function engineFieldsHoldRoundedNumber(data: JsonObject, kind: string): boolean {
  if (kind === 'eval') return holdsRoundedNumber(data);
  for (const name of ENGINE_FIELDS.get(kind) ?? []) {
    const v = data[name];
    if (v !== undefined && typeof v !== 'string' && holdsRoundedNumber(v)) return true;
  }
  return false;
}

function copyEngineFields(data: JsonObject, kind: string, exactOnly: boolean, pool: StringPool | null = null): JsonObject | null {
  if (kind === 'eval') return exactOnly && holdsRoundedNumber(data) ? null : data;
  const copy = COPIES.get(kind);
  // A plain object, not Object.create(null): V8 keeps null-prototype objects in slow dictionary mode, and
  // the names copied are the spec's fixed field names, none of which can reach a prototype.
  if (!copy) return {};
  const out = copy(data, pool ? pool.shared : unshared);
  if (exactOnly) {
    // Only own enumerable keys: `out` is a plain object whose prototype has none.
    for (const name in out) {
      const v = out[name];
      if (typeof v !== 'string' && holdsRoundedNumber(v)) return null;
    }
  }
  return out;
}

const unshared = (v: JsonValue) => v;

/**
 * ENGINE_FIELDS as code, one copy per kind: each read and write names its
 * field, so V8 keeps one shape per site, where a loop over the names made
 * every read and write look up its name (a third of the copy's time, on a
 * million records). JSON never yields undefined, so undefined is absence.
 * compactRecord.test.ts holds these to ENGINE_FIELDS. Fields that name
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
