import type { ParsedInput, SeqRecord } from './model';

/**
 * The inputs a session's records come from, in load order. Storage order is
 * a record's place in its file; a session spread over several files is put
 * in one storage order file by file, in the order they were given (how a
 * split log reads as one), so that order is a choice of the person loading
 * them and can decide the storage replay and the inversions.
 */
export function sessionFileIndices(records: readonly SeqRecord[]): number[] {
  const seen: number[] = [];
  // Records are in storage order, so each file's records are contiguous: comparing with the last is enough.
  let last = -1;
  for (const r of records) {
    if (r.fileIndex !== last && !seen.includes(r.fileIndex)) seen.push(r.fileIndex);
    last = r.fileIndex;
  }
  return seen.sort((a, b) => a - b);
}

const NAMED = 4;

/**
 * What a reader must know when a session spans files, in a sentence; null
 * when its records are all in one file. Names the files in the order taken
 * (the first few, then a count).
 */
export function sessionSpanNote(records: readonly SeqRecord[], inputs: readonly Pick<ParsedInput, 'name'>[]): string | null {
  const files = sessionFileIndices(records);
  if (files.length < 2) return null;
  const names = files.slice(0, NAMED).map((i) => inputs[i]?.name ?? `input ${i + 1}`);
  const more = files.length > NAMED ? ` and ${files.length - NAMED} more` : '';
  return `stored across ${files.length} files, taken in the order given (${names.join(', ')}${more}): given in another order, the storage replay and the inversions can differ`;
}
