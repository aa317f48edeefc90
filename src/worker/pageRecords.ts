import type { ParsedInput, SeqRecord } from '../core/model';

/**
 * Where the page finds an input's records that did not cross in a packed
 * analysis' columns: among those it read itself from the file at that
 * request position while the worker read it too, or among those it holds
 * from an earlier answer for the file at that request position (a file the
 * worker kept read, closing or adding another: 17 files' records were
 * packed, sent and rebuilt again to close the first of 18).
 */
export type RecordsElsewhere = { readonly readOnPage: number } | { readonly held: number };

export const isHeld = (from: RecordsElsewhere | null | undefined): from is { readonly held: number } => from != null && 'held' in from;

/** The page's records for an input whose records did not cross, as it built them (held ones maybe at another input position). */
type RecordsOnPage = (from: RecordsElsewhere) => readonly SeqRecord[] | undefined;

/** What the page has of inputs that did not cross whole. */
export interface OnPage {
  readonly records: RecordsOnPage;
  /**
   * The input the page holds for the file at a request position: a held
   * input's text (megabytes per file read whole) and rejected lines (a
   * million in a file of lines that are not records) do not cross either.
   */
  readonly heldInput: (position: number) => ParsedInput | undefined;
}

export const NOTHING_ON_PAGE: OnPage = { records: () => undefined, heldInput: () => undefined };

/** The page's own copy of an input it holds, whose text and rejected lines crossed empty; undefined for any other input. */
export function heldInputOf(from: RecordsElsewhere | null, onPage: OnPage): ParsedInput | undefined {
  if (!isHeld(from)) return undefined;
  const input = onPage.heldInput(from.held);
  if (input === undefined) throw new Error(`the page holds no input of the file at ${from.held + 1}`);
  return input;
}

/** Records copied per step of the page's rebuild, between which it yields. */
const PLACE_CHUNK = 50_000;

/** The record at input position `fileIndex`, as a new object: every field the same (its data the same object). */
function movedTo(r: SeqRecord, fileIndex: number): SeqRecord {
  return {
    fileIndex,
    line: r.line,
    offset: r.offset,
    length: r.length,
    kind: r.kind,
    id: r.id,
    hasId: r.hasId,
    session: r.session,
    accepted: r.accepted,
    acceptSeq: r.acceptSeq,
    data: r.data,
  };
}

/**
 * An input's records at input position `fileIndex`. Records already there
 * are the same objects; records that held another place are copied with the
 * new one, never changed in place: the analysis the page still shows (and
 * the comparison, an export or a cache by record made of it) refers to them
 * at their old place until the new analysis replaces it, a few tasks later.
 * A copy is a dozen fields per record, where rebuilding one parses its JSON.
 */
async function placedAt(records: readonly SeqRecord[], fileIndex: number, yieldBetween: () => Promise<void>): Promise<readonly SeqRecord[]> {
  // An input's records share its place, and move together: one tells for all (as placeAt in the worker reads it).
  if (records.length === 0 || records[0]!.fileIndex === fileIndex) return records;
  const out = new Array<SeqRecord>(records.length);
  for (let start = 0; start < records.length; start += PLACE_CHUNK) {
    if (start > 0) await yieldBetween();
    const end = Math.min(records.length, start + PLACE_CHUNK);
    for (let k = start; k < end; k++) out[k] = movedTo(records[k]!, fileIndex);
  }
  return out;
}

/**
 * Every input's records in input order: the packed ones (`packed`, input by
 * input), and where `recordsFrom` names another source, the page's own at
 * their input's position. Never a list the page held: lists key caches (the
 * links of a session's records) that the earlier analysis filled.
 */
export async function joinRecords(
  recordsFrom: readonly (RecordsElsewhere | null)[],
  inputCounts: readonly number[],
  packed: readonly SeqRecord[],
  onPage: RecordsOnPage,
  yieldBetween: () => Promise<void>,
): Promise<readonly SeqRecord[]> {
  if (recordsFrom.every((from) => from === null)) return packed;
  const parts: (readonly SeqRecord[])[] = [];
  let next = 0;
  for (const [j, from] of recordsFrom.entries()) {
    const count = inputCounts[j]!;
    const built = from === null ? packed.slice(next, (next += count)) : onPage(from);
    if (built?.length !== count) throw new Error(`input ${j + 1} has ${count} records but the page holds ${built?.length ?? 'none'} of them`);
    parts.push(isHeld(from) ? await placedAt(built, j, yieldBetween) : built);
  }
  // The records of one streamed file, read for this answer alone: the list itself, not a copy of a million references.
  if (parts.length === 1 && recordsFrom[0] !== null && 'readOnPage' in recordsFrom[0]!) return parts[0]!;
  const records = new Array<SeqRecord>(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) for (let k = 0; k < part.length; k++) records[at++] = part[k]!;
  return records;
}

/** The page could not read a file's records itself (recordsReadOnPage.ts): the load fails, located at that file. */
export class PageReadError extends Error {
  constructor(
    readonly file: string,
    reason: string,
    options?: ErrorOptions,
  ) {
    super(`the page could not read this file itself (${reason})`, options);
  }
}
