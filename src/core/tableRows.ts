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

  /** The table holding `position`. */
  tableOf(position: number): number {
    let t = 0;
    while (position >= this.starts[t + 1]!) t++;
    return t;
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
