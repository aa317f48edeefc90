import type { SeqRecord } from './model';

/** A record's position in a list of records, or undefined for anything that is not one of them. */
export type RecordIndexer = (v: unknown) => number | undefined;

/**
 * Position of a record in `records` (Analysis.records: input by input), or
 * undefined for anything else: by its input and line through a table,
 * checked by identity; a Map only for records whose line another record
 * shares, is not a whole number, or runs far past the input's count. A
 * million lookups by hash cost seconds; these are array loads, and building
 * the table for a million records about 12 ms. The findings and the
 * worker's packing each build one: an index kept between them would go
 * stale if the list changed.
 */
export function recordIndexer(records: readonly SeqRecord[]): RecordIndexer {
  const byLine: Int32Array[] = [];
  const shared = new Map<SeqRecord, number>();
  for (let i = 0; i < records.length; ) {
    const file = records[i]!.fileIndex;
    let end = i;
    let maxLine = 0;
    while (end < records.length && records[end]!.fileIndex === file) maxLine = Math.max(maxLine, records[end++]!.line);
    // Lines are counted from 1 and dense; an input whose numbers run far past its records is looked up by Map.
    const table = new Int32Array(maxLine <= 4 * (end - i) + 1024 ? maxLine + 1 : 0).fill(-1);
    for (let k = i; k < end; k++) {
      const line = records[k]!.line;
      if (line >= table.length || table[line] !== -1) shared.set(records[k]!, k);
      else table[line] = k;
    }
    byLine[file] = table;
    i = end;
  }
  return (v) => {
    const r = v as SeqRecord;
    const table = byLine[r.fileIndex];
    if (table !== undefined && typeof r.line === 'number') {
      const k = table[r.line];
      if (k !== undefined && k >= 0 && records[k] === r) return k;
    }
    return shared.size > 0 ? shared.get(r) : undefined;
  };
}
