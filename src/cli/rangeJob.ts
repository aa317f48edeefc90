import type { InputLimits } from '../io/limits';
import type { RangeTotals } from '../io/nativeRange';
import type { RecordBatch } from '../io/rangeRecords';

/** Reads under 1 MB: Node makes the text of a larger chunk a string outside V8's heap, which held on to 50 MB more. */
export const READ_CHUNK_BYTES = 1 << 19;

/** What the second thread of a split read is given: the file, where its range starts, and how records name the input. */
export interface RangeJob {
  readonly file: string;
  readonly start: number;
  readonly name: string;
  readonly index: number;
  readonly limits: InputLimits;
}

/** What it posts: a batch and the bytes of its range read so far, then its totals, or why it stopped. */
export type RangeMessage = { readonly batch: RecordBatch; readonly bytes: number } | { readonly totals: RangeTotals } | { readonly error: string };
