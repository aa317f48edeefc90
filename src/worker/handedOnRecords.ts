import type { SeqRecord } from '../core/model';
import { recordsFromLines, type RecordLinesChunk } from '../io/recordLines';

/**
 * In the page: the records of streamed files, built from the record lines
 * the worker hands on while it reads. Parsing them here, as they arrive,
 * overlaps the worker's reading and analysis, so the finished analysis
 * crosses without its records and the page does not rebuild a million of
 * them after the worker is done.
 */
export class HandedOnRecords {
  private readonly byPosition = new Map<number, SeqRecord[]>();

  /** One chunk of the file at `position` in the request, read as input `fileIndex`. */
  add(position: number, fileName: string, fileIndex: number, chunk: RecordLinesChunk): void {
    let list = this.byPosition.get(position);
    if (!list) this.byPosition.set(position, (list = []));
    for (const r of recordsFromLines(chunk, fileName, fileIndex)) list.push(r);
  }

  /** The records built for the file at `position`, in order. */
  of(position: number): readonly SeqRecord[] | undefined {
    return this.byPosition.get(position);
  }
}
