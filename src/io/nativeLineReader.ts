import type { SeqRecord } from '../core/model';
import { compactEngineFieldsIfExact } from './compactCopies';
import type { ParsedLine } from './jsonLine';
import type { InputLimits } from './limits';
import { toNativeRecord, type CompactCopy } from './nativeRecord';
import { StringPool } from './stringPool';
import { JsonLineReader } from './streamLines';

/**
 * Native JSON Lines, one line at a time, with the accounting: the same code
 * reads a whole text and a stream of chunks, so both count lines alike.
 */
export class NativeLineReader extends JsonLineReader {
  readonly records: SeqRecord[] = [];
  /** Compact records are all kept to the end: strings repeated among them are held once. */
  private readonly pool: StringPool | null;
  private readonly compactCopy: CompactCopy | false;

  constructor(
    private readonly fileName: string,
    private readonly fileIndex: number,
    limits: InputLimits,
    compact = false,
  ) {
    super(limits);
    const pool = compact ? new StringPool() : null;
    this.pool = pool;
    this.compactCopy = compact && ((data, kind) => compactEngineFieldsIfExact(data, kind, pool));
  }

  protected take(line: number, parsed: ParsedLine, text: string, start: number, end: number, offset: number, length: number): void {
    const place = { fileName: this.fileName, fileIndex: this.fileIndex, line, offset, length };
    const r = parsed.reason === null ? toNativeRecord(parsed.value, place, this.compactCopy, parsed.json, this.pool) : parsed.reason;
    if (typeof r === 'string') this.rejected.push({ line, reason: `line ${line}: ${r}` });
    else this.keep(r);
  }

  /** A record read; a reader that holds records otherwise (readNativeColumns.ts) puts it there instead. */
  protected keep(record: SeqRecord): void {
    this.records.push(record);
  }
}
