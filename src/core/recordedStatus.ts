import { asString, field } from './fields';
import type { JsonValue, SeqRecord } from './model';
import { isNativeFormat } from './nativeFormat';

/**
 * What a file recorded as an eval record's outcome. A native record's `status`
 * is the file's own word. A real format records no status word at all (an
 * Inspect score value, a promptfoo success flag): its reader derives `status`
 * and says in `status_basis` what the file held, so that basis, not the
 * derived word, is what the file recorded.
 */
export type RecordedStatus =
  | { readonly derived: false; readonly written: JsonValue | undefined }
  | { readonly derived: true; readonly basis: string | undefined };

/** `format` is the record's input's; unknown (undefined), the record is taken as written. */
export function recordedStatus(r: SeqRecord, format: string | undefined): RecordedStatus {
  if (format === undefined || isNativeFormat(format)) return { derived: false, written: field(r, 'status') };
  return { derived: true, basis: asString(field(r, 'status_basis')) };
}
