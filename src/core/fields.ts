import type { JsonValue, SeqRecord } from './model';

/** Typed reads of a record's fields; a field of the wrong type reads as absent. */

/**
 * Callers pass the spec's field names only, none of which is a property of
 * Object.prototype, so a plain read cannot pick up an inherited value; this
 * is the hottest function of the engine.
 */
export function field(record: SeqRecord, name: string): JsonValue | undefined {
  return record.data[name];
}

export function stringField(record: SeqRecord, name: string): string | undefined {
  const v = field(record, name);
  return typeof v === 'string' ? v : undefined;
}

/** Ids may be strings or numbers; references compare by their text. */
export function idField(record: SeqRecord, name: string): string | undefined {
  const v = field(record, name);
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return undefined;
}

export function numberField(record: SeqRecord, name: string): number | undefined {
  const v = field(record, name);
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

export function booleanField(record: SeqRecord, name: string): boolean | undefined {
  const v = field(record, name);
  return typeof v === 'boolean' ? v : undefined;
}

export function idKey(record: SeqRecord): string {
  return String(record.id);
}
