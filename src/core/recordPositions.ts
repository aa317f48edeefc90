import type { ParsedInput, SeqRecord } from './model';

/**
 * Where a record stands in `Analysis.records` (inputs one after another).
 * Within an input whose records are in line order — every line-based file —
 * that is a binary search by line; only other inputs get a map, so naming
 * records in findings never costs a map of a million entries.
 */
export class RecordPositions {
  private readonly bases: number[] = [];
  private readonly maps = new Map<number, Map<SeqRecord, number>>();

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
    const local = map ? (map.get(r) ?? -1) : searchByLine(records, r);
    return local < 0 ? -1 : this.bases[r.fileIndex]! + local;
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
