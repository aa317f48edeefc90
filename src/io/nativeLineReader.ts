import type { RejectedLine, SeqRecord } from '../core/model';
import { parseJsonLine } from './jsonLine';
import type { InputLimits } from './limits';
import { isBlank } from './lines';
import { toNativeRecord } from './nativeRecord';
import type { RecordLineCollector } from './recordLines';
import { oversizedLine, type LineReader } from './streamLines';

/**
 * Native JSON Lines, one line at a time, with the accounting: the same code
 * reads a whole text and a stream of chunks, so both count lines alike.
 */
export class NativeLineReader implements LineReader {
  lines = 0;
  blank = 0;
  readonly records: SeqRecord[] = [];
  readonly rejected: RejectedLine[] = [];

  constructor(
    private readonly fileName: string,
    private readonly fileIndex: number,
    private readonly limits: InputLimits,
    private readonly compact = false,
    /** Given, every line that becomes a record is handed to it as well. */
    private readonly collector: RecordLineCollector | null = null,
  ) {}

  push(text: string, start: number, end: number, offset: number, length: number): void {
    const line = ++this.lines;
    if (isBlank(text, start, end)) {
      this.blank++;
      return;
    }
    const parsed = parseJsonLine(text, start, end, this.limits);
    const r =
      parsed.reason ?? toNativeRecord(parsed.value, { fileName: this.fileName, fileIndex: this.fileIndex, line, offset, length }, this.compact);
    if (typeof r === 'string') this.rejected.push({ line, reason: `line ${line}: ${r}` });
    else {
      this.records.push(r);
      this.collector?.push(text, start, end, line, offset, length);
    }
  }

  rejectOversized(byteLength: number): void {
    this.rejected.push(oversizedLine(++this.lines, byteLength, this.limits));
  }
}
