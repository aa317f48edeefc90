import type { JsonObject, JsonValue, SeqRecord } from '../core/model';
import type { RecordPlace } from './nativeRecord';

export interface DerivedRecordSpec {
  readonly kind: string;
  /** Omitted for eval records, whose identity is `case_id` + `run_id` instead. */
  readonly id?: string;
  readonly session: string;
  readonly acceptSeq?: number | null;
  /** Native fields Seqscope derives from the original (op, key, value, refs, status, ...). */
  readonly fields?: JsonObject;
  /** The key under which the original object is kept whole, e.g. `codex`. */
  readonly namespace: string;
  readonly original: JsonValue;
}

/**
 * A record of a real format in the native model. The derived native fields sit
 * at the top of `data` so the engine reads them as it reads native records; the
 * original object is kept whole under its own key, so no field of the tool's
 * ever collides with a derived one or gets dropped.
 */
export function derivedRecord(place: RecordPlace, spec: DerivedRecordSpec): SeqRecord {
  const data: JsonObject = { kind: spec.kind };
  if (spec.id !== undefined) data.id = spec.id;
  data.session = spec.session;
  if (spec.acceptSeq != null) data.accept_seq = spec.acceptSeq;
  if (spec.fields) for (const [k, v] of Object.entries(spec.fields)) if (!(k in data)) data[k] = v;
  data[spec.namespace] = spec.original;
  return recordWithData(place, spec, data);
}

/** A record of a real format whose `data` is given as it is: a compact record's, which holds only what the engine reads. */
export function recordWithData(place: RecordPlace, spec: Pick<DerivedRecordSpec, 'kind' | 'id' | 'session' | 'acceptSeq'>, data: JsonObject): SeqRecord {
  return {
    fileIndex: place.fileIndex,
    line: place.line,
    offset: place.offset,
    length: place.length,
    kind: spec.kind,
    id: spec.id ?? `${place.fileName}:${place.line}`,
    hasId: spec.id !== undefined,
    session: spec.session,
    accepted: true,
    acceptSeq: spec.acceptSeq ?? null,
    data,
  };
}

export function isObject(v: unknown): v is JsonObject {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

export function isNonNegativeInteger(v: unknown): v is number {
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
}

export function stringOf(v: unknown): string | null {
  return typeof v === 'string' ? v : null;
}

/** A file name without directories and without its last extension, for default session names. */
export function baseName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  return base.replace(/\.[^.]+$/, '') || base;
}
