import type { JsonObject, SeqRecord } from '../core/model';
import { compactRecordData } from './compactRecord';
import { nonNegativeIntegerReason } from './integerField';
import { describeValue, jsonTypeName } from './jsonError';

export interface RecordPlace {
  readonly fileName: string;
  readonly fileIndex: number;
  readonly line: number;
  readonly offset: number;
  readonly length: number;
}

const ACCEPT_SEQ = ['accept_seq'];

/**
 * One parsed JSON value to a native record, or the reason it cannot be one.
 * Only fields whose type the engine relies on are checked; everything else
 * is kept as written. `text` from `start`, when given, is the value's JSON,
 * which a reason quotes a number from as written.
 */
export function toNativeRecord(value: unknown, place: RecordPlace, compact = false, text: string | null = null, start = 0): SeqRecord | string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return `expected a JSON object, found ${jsonTypeName(value)} ${describeValue(value)}`;
  }
  const data = value as JsonObject;
  // Plain reads: JSON.parse makes ordinary objects and none of these names is a property of
  // Object.prototype, so an absent field reads as undefined, and this runs once per record.
  const kind = data.kind;
  if (kind !== undefined && typeof kind !== 'string') return `kind must be a string, got ${describeValue(kind)}`;
  const id = data.id;
  if (id !== undefined && id !== null && typeof id !== 'string' && !(typeof id === 'number' && Number.isFinite(id))) {
    return `id must be a string or a number, got ${describeValue(id)}`;
  }
  const session = data.session;
  if (session !== undefined && session !== null && typeof session !== 'string') {
    return `session must be a string, got ${describeValue(session)}`;
  }
  const accepted = data.accepted;
  if (accepted !== undefined && accepted !== null && typeof accepted !== 'boolean') {
    return `accepted must be true or false, got ${describeValue(accepted)}`;
  }
  const seq = data.accept_seq;
  if (seq !== undefined && seq !== null && !(typeof seq === 'number' && Number.isSafeInteger(seq) && seq >= 0)) {
    return nonNegativeIntegerReason('accept_seq', seq, ACCEPT_SEQ, text, start);
  }
  const hasId = id !== undefined && id !== null;
  return {
    fileIndex: place.fileIndex,
    line: place.line,
    offset: place.offset,
    length: place.length,
    kind: kind ?? '',
    id: hasId ? (id as string | number) : `${place.fileName}:${place.line}`,
    hasId,
    session: typeof session === 'string' ? session : 'default',
    accepted: accepted !== false,
    acceptSeq: typeof seq === 'number' ? seq : null,
    data: compact ? compactRecordData(data, kind ?? '') : data,
  };
}
