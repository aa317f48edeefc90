import type { SessionAnalysis } from '../core/analyze';
import type { SeqRecord } from '../core/model';
import { perObject } from '../core/perObject';
import { storageOrderLookup, type RecordLookup } from '../core/recordLookup';
import { categoryOf } from './categories';
import { computeRecordOrder, type RecordOrder } from '../core/recordOrder';

/**
 * The order view's model of one session, built once per session: its
 * per-record ordering facts (RecordOrder) with each record's colour category
 * and a lookup of positions, so that zooming and moving the cutoff only
 * project numbers.
 */
export interface OrderModel extends RecordOrder {
  readonly n: number;
  readonly records: readonly SeqRecord[];
  /** Position of a record in `records` (a binary search in storage order, not a Map of every record). */
  readonly indexOf: RecordLookup;
  readonly category: Uint8Array;
  readonly hasAcceptanceOrder: boolean;
}

/**
 * The larger half of an order model (about 0.1 s of its 0.16 s at a million
 * records), kept per session so that showing a session can build it in a task
 * of its own before the rest (prepareView.ts).
 */
export const recordOrderOf = perObject((session: SessionAnalysis): RecordOrder & { readonly indexOf: RecordLookup } => {
  const indexOf = storageOrderLookup(session.records);
  return { ...computeRecordOrder(session.records, session.ordering, indexOf), indexOf };
});

export function buildOrderModel(session: SessionAnalysis): OrderModel {
  const { records, ordering } = session;
  const n = records.length;
  const category = new Uint8Array(n);
  for (let i = 0; i < n; i++) category[i] = categoryOf(records[i]!);
  return { ...recordOrderOf(session), n, records, category, hasAcceptanceOrder: ordering.hasAcceptanceOrder };
}

/** How many records on the acceptance axis have accept_seq ≤ N: everything from this rank on is after the cutoff. */
export function cutoffRank(model: OrderModel, n: number | null): number {
  if (n === null) return model.accCount;
  let lo = 0;
  let hi = model.accCount;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (model.accSeqs[mid]! <= n) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
