import type { JsonObject } from '../core/model';
import { KIND_FIELDS } from '../core/recordColumns';
import { holdsRoundedNumber } from './exactJson';

/**
 * A compact record keeps only the fields the engine reads (KIND_FIELDS), so a
 * million-record log held for analysis costs a small object per record
 * instead of every parsed field; the raw line stays in the file for anyone
 * who wants the rest. Eval records are compared whole (replays versus
 * annotation variance), so they are never compacted.
 */
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
  for (const name of KIND_FIELDS.get(kind) ?? []) {
    const v = data[name];
    if (v !== undefined && typeof v !== 'string' && holdsRoundedNumber(v)) return true;
  }
  return false;
}

function copyEngineFields(data: JsonObject, kind: string, exactOnly: boolean): JsonObject | null {
  if (kind === 'eval') return exactOnly && holdsRoundedNumber(data) ? null : data;
  const fields = KIND_FIELDS.get(kind);
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
