import type { SeqRecord } from './model';
import { firstNotBefore } from './sessionBoundaries';

/** A record's position in a list of records, or undefined for anything that is not one of them. */
export type RecordIndexer = (v: unknown) => number | undefined;

/**
 * Position of a record in `records` (Analysis.records: input by input), or
 * undefined for anything else. A record is first looked for where it stands
 * when its input's lines are all records (line n of input i at i's start +
 * n - 1), checked by identity; only when that misses is a table by line
 * built (byLine), once, and used. Most logs are such inputs: their findings'
 * records are found without reading every record to build the table (~15 ms
 * at a million records). The findings and the worker's packing each make
 * one: an index kept between them would go stale if the list changed.
 */
export function recordIndexer(records: readonly SeqRecord[]): RecordIndexer {
  let table: RecordIndexer | null = null;
  // Where each input's records start, by fileIndex, found when first needed.
  const starts: number[] = [];
  return (v) => {
    const r = v as SeqRecord;
    const file = r.fileIndex;
    // Not a record (the packing asks of every object it meets): no table is built to say so, at about 25 ms a million records.
    if (typeof file !== 'number' || typeof r.line !== 'number') return undefined;
    const k = (starts[file] ??= firstOfInput(records, file)) + r.line - 1;
    if (records[k] === r) return k;
    return (table ??= byLine(records))(v);
  };
}

/**
 * Where the records of input `file` start, if the records run input by
 * input in fileIndex order (Analysis.records); a guess otherwise, which the
 * caller checks. A binary search: reads a few dozen records, not all.
 */
function firstOfInput(records: readonly SeqRecord[], file: number): number {
  return firstNotBefore(records.length, (k) => records[k]!.fileIndex < file);
}

/**
 * Position of a record by its input and line through a table, checked by
 * identity; a Map only for records whose line another record shares, is not
 * a whole number, or runs far past the input's count. A million lookups by
 * hash cost seconds; these are array loads, and building the table for a
 * million records about 12 ms.
 */
function byLine(records: readonly SeqRecord[]): RecordIndexer {
  const tables: Int32Array[] = [];
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
    tables[file] = table;
    i = end;
  }
  return (v) => {
    const r = v as SeqRecord;
    const table = tables[r.fileIndex];
    if (table !== undefined && typeof r.line === 'number') {
      const k = table[r.line];
      if (k !== undefined && k >= 0 && records[k] === r) return k;
    }
    return shared.size > 0 ? shared.get(r) : undefined;
  };
}
