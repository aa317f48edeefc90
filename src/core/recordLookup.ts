import type { SeqRecord } from './model';

/** Where a record stands in a list: the `get` of a Map, without a Map. */
export interface RecordLookup {
  get(record: SeqRecord): number | undefined;
}

const before = (a: SeqRecord, b: SeqRecord) => a.fileIndex < b.fileIndex || (a.fileIndex === b.fileIndex && a.line < b.line);

/**
 * Positions in a list of records in storage order (input by input, line by
 * line, as `Analysis.records`, a session's records and its participants are):
 * a binary search by input and line, checked by identity. A Map of a million
 * records costs tens of megabytes and a second to build; this costs nothing
 * to build and O(log n) per lookup. A list that is not strictly in that order
 * (records sharing a line) gets a Map.
 */
export function storageOrderLookup(records: readonly SeqRecord[]): RecordLookup {
  for (let i = 1; i < records.length; i++) {
    if (!before(records[i - 1]!, records[i]!)) {
      const map = new Map<SeqRecord, number>();
      records.forEach((r, k) => map.set(r, k));
      return map;
    }
  }
  return {
    get(r) {
      let lo = 0;
      let hi = records.length - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        const m = records[mid]!;
        if (m === r) return mid;
        if (before(m, r)) lo = mid + 1;
        else if (before(r, m)) hi = mid - 1;
        else return undefined;
      }
      return undefined;
    },
  };
}
