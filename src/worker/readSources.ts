import type { ParsedInput } from '../core/model';
import { loadInput, UnreadableInputError } from '../io/loadInput';
import type { AlreadyOpen, LoadProgress, SourceFile, Unreadable } from './protocol';
import { isHashed, setFileHash } from '../core/fileHash';
import { sameOpenLog } from './sameOpenLog';
import type { SameLog } from '../io/sameLog';
import { GzipStreamError, streamJsonLinesFile } from './streamFile';
import { readKeyOf } from './readKey';
import { ReadRate } from '../core/readRate';
import type { RecordColumns } from '../core/recordColumns';

/** An input read, and its records' table when they were read into one (StreamedFile.columns). */
interface Read {
  readonly input: ParsedInput;
  readonly columns?: RecordColumns;
}

/** Inputs read by the last request, by readKeyOf: adding, closing or moving a file reads only what is new. */
let cache = new Map<string, Read>();

/**
 * Gives a kept input's records their input's position in this request, in
 * place: a copy of every record would cost as much as the parse it saves.
 * The worker alone holds these records (each analysis made of them is sent
 * to the page and dropped before the next request is read), so no analysis
 * still refers to the position they had.
 */
function placeAt(input: ParsedInput, fileIndex: number): void {
  const records: readonly { fileIndex: number }[] = input.records;
  if (records[0]?.fileIndex === fileIndex) return;
  for (const r of records) r.fileIndex = fileIndex;
}

export interface ReadOutcome {
  readonly inputs: ParsedInput[];
  readonly unreadable: Unreadable[];
  readonly already: AlreadyOpen[];
  /** Whether any file after the first `open` ones was added. */
  readonly added: boolean;
  /** Inputs whose records the page reads itself from the same file, with that file's position in the request. */
  readonly readOnPage: ReadonlyMap<ParsedInput, number>;
  /** Inputs kept from the request before (not read in this one), with their file's position in the request. */
  readonly kept: ReadonlyMap<ParsedInput, number>;
  /** The inputs whose records are a table (their `records` empty), each table placed at its input's position. */
  readonly columns: ReadonlyMap<ParsedInput, RecordColumns>;
}

export interface ReadHooks {
  /** The file being read (for a located error), and where the whole load stands. */
  readonly reading: (file: string, index: number) => void;
  readonly progress: (p: LoadProgress) => void;
  /** The SHA-256 the page knows already of the file at a position in the request, if any: a large file is read without hashing it. */
  readonly knownHash?: (index: number) => string | null;
  /**
   * Given, called for a native file about to be streamed, with its position
   * in the request and its input position: the page reads that file's
   * records itself. A file that falls back to a whole read afterwards is not
   * in `readOnPage`, and neither is one left out as already open.
   */
  readonly readOnPage?: (position: number, fileIndex: number) => void;
  /**
   * Whether the page holds the records of the file at a position in the
   * request from an earlier answer. An input kept as a table whose records
   * it does not hold is read again: the table is not records to send.
   */
  readonly pageHolds?: (index: number) => boolean;
}

/** One file: streamed when it is large native JSON Lines or a large Codex rollout, else read whole by the loader the CLI shares. */
async function readOne(
  file: SourceFile,
  fileIndex: number,
  onBytes: (fileBytes: number, records: number, phase?: 'parsing') => void,
  knownSha256: string | null,
  onReadOnPage: (() => void) | undefined,
): Promise<Read & { readOnPage: boolean }> {
  try {
    const streamed = await streamJsonLinesFile(file.blob, file.name, fileIndex, (p) => onBytes(p.fileBytes, p.records), undefined, knownSha256, onReadOnPage);
    if (streamed) return streamed;
  } catch (e) {
    if (!(e instanceof GzipStreamError)) throw e;
  }
  const bytes = new Uint8Array(await file.blob.arrayBuffer());
  onBytes(bytes.length, 0, 'parsing');
  return { input: await loadInput(file.name, bytes, fileIndex), readOnPage: false };
}

/**
 * Reads every file of a request in order. A file that is the same log as a
 * file before it, by its bytes or by its content once decompressed
 * (sameOpenLog), is left out (and said to be); a file that cannot be read
 * at all is named and left out; the others keep dense input positions.
 */
export async function readSources(files: readonly SourceFile[], open: number, hooks: ReadHooks): Promise<ReadOutcome> {
  const inputs: ParsedInput[] = [];
  const unreadable: Unreadable[] = [];
  const already: AlreadyOpen[] = [];
  const next = new Map<string, Read>();
  const tables = new Map<ParsedInput, RecordColumns>();
  const readOnPage = new Map<ParsedInput, number>();
  const kept = new Map<ParsedInput, number>();
  const total = files.reduce((n, f) => n + f.blob.size, 0);
  const rate = new ReadRate(performance.now());
  let done = 0;
  let records = 0;
  let lastReport = 0;
  const report = (bytes: number, fileRecords: number, phase: 'parsing' | 'reading' = 'reading', force = phase === 'parsing') => {
    const now = performance.now();
    if (!force && now - lastReport < 100) return;
    lastReport = now;
    const at = done + bytes;
    // Every report is a sample of the rate, a whole file's parse included; only a reading says the time left.
    const left = rate.etaMs(now, at, total);
    const etaMs = phase === 'reading' ? left : null;
    hooks.progress({ bytes: at, total, records: records + fileRecords, etaMs, phase });
  };
  let added = false;
  for (const [index, file] of files.entries()) {
    hooks.reading(file.name, index);
    report(0, 0, 'reading', true);
    const key = readKeyOf(file);
    let read = key === null ? undefined : cache.get(key);
    if (read?.columns && !(hooks.pageHolds?.(index) ?? false)) read = undefined;
    const wasKept = read !== undefined;
    let input = read?.input;
    let columns = read?.columns;
    const known = hooks.knownHash?.(index) ?? null;
    let onPage = false;
    let same: SameLog<ParsedInput> | null;
    try {
      if (input === undefined) {
        const fileIndex = inputs.length;
        const toPage = hooks.readOnPage;
        ({ input, columns, readOnPage: onPage } = await readOne(file, fileIndex, report, known, toPage && (() => toPage(index, fileIndex))));
      } else if (!isHashed(input) && known !== null) setFileHash(input, known);
      same = await sameOpenLog(inputs, input);
    } catch (e) {
      if (!(e instanceof UnreadableInputError)) throw e;
      unreadable.push({ index, file: file.name, message: e.message, reason: e.reason });
      done += file.blob.size;
      continue;
    }
    done += file.blob.size;
    if (same) {
      already.push({ index, name: file.name, sameAs: same.as.name, sha256: same.sha256, onceDecompressed: same.onceDecompressed });
      continue;
    }
    if (index >= open) added = true;
    if (key !== null) next.set(key, columns ? { input, columns } : { input });
    if (onPage) readOnPage.set(input, index);
    if (wasKept) kept.set(input, index);
    if (columns) tables.set(input, columns);
    inputs.push(input);
    records += columns ? columns.count : input.records.length;
  }
  // Said before anything is kept, so a request superseded meanwhile stops here (its progress hook throws) and leaves the kept inputs to the newer one.
  report(0, 0, 'reading', true);
  for (const [fileIndex, input] of inputs.entries()) {
    const table = tables.get(input);
    if (table === undefined) placeAt(input, fileIndex);
    else if (table.fileIndex !== fileIndex) tables.set(input, { ...table, fileIndex });
  }
  for (const [key, { input }] of next) {
    const table = tables.get(input);
    if (table) next.set(key, { input, columns: table });
  }
  cache = next;
  return { inputs, unreadable, already, added, readOnPage, kept, columns: tables };
}

/**
 * The failure of a load whose every file is unreadable, located at the first
 * one. The page shows it as `file: message`, so the message gives that file's
 * reason without its name (which it would repeat), then the others by name.
 */
export function unreadableFailure(unreadable: readonly Unreadable[]): { file: string; message: string } | null {
  const [first, ...rest] = unreadable;
  return first ? { file: first.file, message: [first.reason, ...rest.map((u) => u.message)].join('; ') } : null;
}

/** Forgets the inputs kept for the next request (a request that failed may leave them half-read). */
export function forgetSources(): void {
  cache = new Map();
}
