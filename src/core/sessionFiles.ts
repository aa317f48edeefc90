import { andMore, formatCount } from './countText';
import type { ParsedInput, SeqRecord } from './model';
import type { OrderingEvidence } from './ordering';

/**
 * The inputs a session's records come from, in load order. Storage order is
 * a record's place in its file; a session spread over several files is put
 * in one storage order file by file, in the order they were given (how a
 * split log reads as one), so that order is a choice of the person loading
 * them and can decide the storage replay and the inversions.
 */
export function sessionFileIndices(records: readonly SeqRecord[]): number[] {
  const seen: number[] = [];
  // Records are in storage order, input by input: each file's records are contiguous and the files ascend.
  for (const r of records) if (r.fileIndex !== seen[seen.length - 1]) seen.push(r.fileIndex);
  return seen;
}

const NAMED = 4;

/**
 * What a reader must know when a session's participants (the records the
 * replays and the ordering read) span files, in a sentence; null when they
 * are all in one file. Names the files in the order taken (the first few,
 * then a count).
 */
export function sessionSpanNote(
  session: { readonly ordering: Pick<OrderingEvidence, 'participants' | 'hasAcceptanceOrder'> },
  inputs: readonly Pick<ParsedInput, 'name'>[],
): string | null {
  const files = sessionFileIndices(session.ordering.participants);
  if (files.length < 2) return null;
  const names = files.slice(0, NAMED).map((i) => inputs[i]?.name ?? `input ${i + 1}`);
  // Without acceptance order there are no inversions to change, only the storage replay.
  const what = session.ordering.hasAcceptanceOrder ? 'the storage replay and the inversions' : 'the storage replay';
  return `stored across ${formatCount(files.length)} files, taken in the order given (${names.join(', ')}${andMore(files.length, NAMED)}): given in another order, ${what} can differ`;
}
