import type { RecordDescriber } from './findings';
import { ACCEPTED, HAS_ID, idOfRow, type RecordColumns } from './recordColumns';

/**
 * The rows of several record tables as one list, a record being its position
 * in it (input by input, row by row, as analyze numbers records): what a
 * finding's message and references read of one.
 */
export class TableRows implements RecordDescriber<number> {
  /** Where each table's rows start among all rows, and past the last. */
  private readonly starts: number[] = [0];

  constructor(
    readonly tables: readonly RecordColumns[],
    private readonly fileNames: readonly string[],
  ) {
    for (const t of tables) this.starts.push(this.starts[this.starts.length - 1]! + t.count);
  }

  get count(): number {
    return this.starts[this.starts.length - 1]!;
  }

  /** The table holding `position`: the last whose rows start at or before it (an empty table holds none). */
  tableOf(position: number): number {
    const starts = this.starts;
    // Every field a check reads asks this: a walk over the tables would cost each read a step per file before its own.
    let lo = 0;
    let hi = starts.length - 2;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= position) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** `position`'s row in its table. */
  rowOf(position: number, table = this.tableOf(position)): number {
    return position - this.starts[table]!;
  }

  fileIndex(position: number): number {
    return this.tables[this.tableOf(position)]!.fileIndex;
  }

  line(position: number): number {
    const t = this.tableOf(position);
    return this.tables[t]!.line[this.rowOf(position, t)]!;
  }

  hasId(position: number): boolean {
    const t = this.tableOf(position);
    return (this.tables[t]!.flags[this.rowOf(position, t)]! & HAS_ID) !== 0;
  }

  id(position: number): string | number {
    const t = this.tableOf(position);
    const table = this.tables[t]!;
    const row = this.rowOf(position, t);
    return (table.flags[row]! & HAS_ID) !== 0 ? idOfRow(table, row) : `${this.fileNames[t] ?? ''}:${table.line[row]!}`;
  }

  kind(position: number): string {
    const t = this.tableOf(position);
    const table = this.tables[t]!;
    return table.values[table.kind[this.rowOf(position, t)]!] as string;
  }

  acceptSeq(position: number): number | null {
    const t = this.tableOf(position);
    const seq = this.tables[t]!.acceptSeq[this.rowOf(position, t)]!;
    return seq < 0 ? null : seq;
  }

  accepted(position: number): boolean {
    const t = this.tableOf(position);
    return (this.tables[t]!.flags[this.rowOf(position, t)]! & ACCEPTED) !== 0;
  }
}
