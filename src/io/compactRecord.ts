import type { JsonObject } from '../core/model';
import { holdsRoundedNumber } from './exactJson';

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
export function compactRecordDataIfExact(data: JsonObject, kind: string): JsonObject | null {
  return copyEngineFields(data, kind, true);
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

function copyEngineFields(data: JsonObject, kind: string, exactOnly: boolean): JsonObject | null {
  if (kind === 'eval') return exactOnly && holdsRoundedNumber(data) ? null : data;
  const fields = ENGINE_FIELDS.get(kind);
  // A plain object, not Object.create(null): V8 keeps null-prototype objects in slow dictionary mode, and
  // the names copied are the spec's fixed field names, none of which can reach a prototype.
  const out: JsonObject = {};
  if (!fields) return out;
  for (const name of fields) {
    // JSON never yields undefined, and no engine field name is inherited from Object.prototype.
    const v = data[name];
    if (v === undefined) continue;
    if (exactOnly && typeof v !== 'string' && holdsRoundedNumber(v)) return null;
    out[name] = v;
  }
  return out;
}
