import type { ParsedInput, SeqRecord } from './model';

/**
 * Where a record stands in `Analysis.records` (inputs one after another).
 * Within an input whose records are in line order — every line-based file —
 * that is a table by line number when the lines are dense (one array load;
 * a binary search reads a record at every step, a cache miss apiece at a
 * million records) and a binary search by line otherwise; only other inputs
 * get a map, so naming records in findings never costs a map of a million
 * entries.
 */
export class RecordPositions {
  private readonly bases: number[] = [];
  private readonly maps = new Map<number, Map<SeqRecord, number>>();
  private readonly byLine = new Map<number, Int32Array | null>();

  constructor(private readonly inputs: readonly ParsedInput[]) {
    let base = 0;
    for (const input of inputs) {
      this.bases.push(base);
      base += input.records.length;
    }
  }

  of(r: SeqRecord): number {
    const input = this.inputs[r.fileIndex];
    if (!input) return -1;
    const records = input.records;
    const map = this.mapFor(r.fileIndex, records);
    const table = map ? null : this.tableFor(r.fileIndex, records);
    const local = map ? (map.get(r) ?? -1) : table ? atLine(table, records, r) : searchByLine(records, r);
    return local < 0 ? -1 : this.bases[r.fileIndex]! + local;
  }

  /** Positions by line number, for records in line order whose lines run not far past their count; else null. */
  private tableFor(fileIndex: number, records: readonly SeqRecord[]): Int32Array | null {
    let table = this.byLine.get(fileIndex);
    if (table !== undefined) return table;
    const last = records.length > 0 ? records[records.length - 1]!.line : 0;
    table = null;
    if (Number.isSafeInteger(last) && last >= 0 && last <= 4 * records.length + 1024) {
      table = new Int32Array(last + 1).fill(-1);
      for (let k = 0; k < records.length && table; k++) {
        const line = records[k]!.line;
        if (Number.isInteger(line) && line >= 0) table[line] = k;
        else table = null;
      }
    }
    this.byLine.set(fileIndex, table);
    return table;
  }

  private mapFor(fileIndex: number, records: readonly SeqRecord[]): Map<SeqRecord, number> | null {
    if (this.maps.has(fileIndex)) return this.maps.get(fileIndex)!;
    let ordered = true;
    for (let i = 1; i < records.length && ordered; i++) ordered = records[i - 1]!.line < records[i]!.line;
    const map = ordered ? null : new Map(records.map((rec, i) => [rec, i] as const));
    this.maps.set(fileIndex, map as Map<SeqRecord, number>);
    return map;
  }
}

function atLine(table: Int32Array, records: readonly SeqRecord[], r: SeqRecord): number {
  const k = r.line >= 0 && r.line < table.length ? table[r.line]! : -1;
  return k >= 0 && records[k] === r ? k : -1;
}

function searchByLine(records: readonly SeqRecord[], r: SeqRecord): number {
  let lo = 0;
  let hi = records.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const line = records[mid]!.line;
    if (line === r.line) return records[mid] === r ? mid : -1;
    if (line < r.line) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
