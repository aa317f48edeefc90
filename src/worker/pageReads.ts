import type { SeqRecord } from '../core/model';
import { formatCount, plural } from '../core/countText';
import { PageReadError, type RecordsElsewhere } from './pageRecords';
import type { SourceFile } from './protocol';

let reader: Promise<typeof import('./recordsReadOnPage')> | null = null;

/**
 * The page's own reader of large native files (recordsReadOnPage.ts), a chunk
 * loaded once, when first needed or when the worker is warmed: a small file
 * never needs it, and the first load stays under its size budget.
 */
export function pageReader(): Promise<typeof import('./recordsReadOnPage')> {
  return (reader ??= import('./recordsReadOnPage').catch((e: unknown) => {
    reader = null;
    throw e;
  }));
}

/** Thrown into a read the answer turned out not to need. */
class ReadNotWanted extends Error {}

interface Read {
  readonly records: Promise<readonly SeqRecord[]>;
  /** Cleared once the answer does not need this read: it stops at its next step. */
  readonly state: { wanted: boolean; done: boolean };
}

/**
 * One request's reads of its files by the page itself, by request position
 * (ReadOnPageMessage). Each stops at its next step when `step` throws (the
 * request superseded or cancelled), and once the answer says it does not
 * need it (a duplicate of an open file, a gzip the worker read again whole).
 */
export class PageReads {
  private readonly reads = new Map<number, Read>();

  constructor(
    private readonly files: readonly SourceFile[],
    private readonly step: () => Promise<void>,
  ) {}

  start(position: number, fileIndex: number): void {
    const file = this.files[position]!;
    const state = { wanted: true, done: false };
    const step = async () => {
      await this.step();
      if (!state.wanted) throw new ReadNotWanted();
    };
    const records = pageReader().then(
      ({ readRecordsOnPage }) => readRecordsOnPage(file.blob, file.name, fileIndex, step),
      (e: unknown) => {
        throw new PageReadError(file.name, `its reader could not be fetched: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
      },
    );
    // Awaited only if the answer leaves this file's records to the page.
    records.then(
      () => void (state.done = true),
      () => void (state.done = true),
    );
    this.reads.set(position, { records, state });
  }

  /** The names of the files the answer leaves to the page (`recordsFrom`) that it is still reading. */
  stillReading(recordsFrom: readonly (RecordsElsewhere | null)[]): string[] {
    return recordsFrom.flatMap((from) => {
      if (from === null || !('readOnPage' in from) || this.reads.get(from.readOnPage)?.state.done !== false) return [];
      return [this.files[from.readOnPage]!.name];
    });
  }

  /**
   * The records of the files whose records the answer left to the page
   * (`recordsFrom`, PackedAnalysis), by request position, each as many as the
   * worker read (`inputCounts`): a file the page read otherwise fails, named.
   * Reads the answer does not name are stopped.
   */
  async recordsFor(recordsFrom: readonly (RecordsElsewhere | null)[], inputCounts: readonly number[]): Promise<Map<number, readonly SeqRecord[]>> {
    const named = new Map<number, number>();
    recordsFrom.forEach((from, j) => {
      if (from !== null && 'readOnPage' in from) named.set(from.readOnPage, j);
    });
    for (const [position, read] of this.reads) if (!named.has(position)) read.state.wanted = false;
    const out = new Map<number, readonly SeqRecord[]>();
    for (const [position, j] of named) {
      const name = this.files[position]?.name ?? `the file at ${position + 1}`;
      const read = this.reads.get(position);
      if (read === undefined) throw new PageReadError(name, 'the worker never said it would leave them to the page');
      const records = await read.records;
      if (records.length !== inputCounts[j]) throw new PageReadError(name, `it read ${plural(records.length, 'record')} where the worker read ${formatCount(inputCounts[j]!)}`);
      out.set(position, records);
    }
    return out;
  }
}
