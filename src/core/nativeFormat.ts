/**
 * Whether an input was read as Seqscope's native format, whose records' data
 * is the file's object as written. The records of every other format are
 * derived (io/derivedRecord.ts): their data is Seqscope's reading of the
 * file. Decided by the format, never by a record's fields: a native record may
 * carry any field, `status_basis` or a reader's namespace key among them, and
 * those are then its own.
 */
export function isNativeFormat(format: string): boolean {
  return format.startsWith('native');
}
