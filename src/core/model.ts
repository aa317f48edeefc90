/**
 * The core model: what every parser produces and what every check reads.
 * Records keep their parsed object (unknown fields included) and point back
 * into the source text by offset instead of holding a copy of their raw line.
 */

/**
 * A JSON value. In native records' data, and the state values made from it,
 * a number beyond ±(2^53 − 1) is a WideNumber (wideNumber.ts): an object that
 * writes and compares as that exact number, where JSON.parse would round it.
 * The union does not list it yet: code that narrows a JsonValue by typeof
 * would have to say what it does with one. What reads values generically
 * (canonical.ts, fields.ts, documentJson.ts) handles it.
 */
export type JsonValue =
  | null
  | boolean
  | number
  | string
  | JsonValue[]
  | { [key: string]: JsonValue };

export type JsonObject = { [key: string]: JsonValue };

/** The kinds the engine analyses; any other kind is kept and shown only. */
export const ANALYSED_KINDS = [
  'input',
  'read',
  'write',
  'notice',
  'response',
  'request',
  'clear',
  'task',
  'command',
  'eval',
] as const;

export type AnalysedKind = (typeof ANALYSED_KINDS)[number];

export interface SeqRecord {
  /** Index of the input (file) this record came from, in load order. */
  readonly fileIndex: number;
  /** 1-based line number (or 1-based array position for JSON arrays). */
  readonly line: number;
  /** Character offset and length of the raw text in the input's text; -1 when not addressable. */
  readonly offset: number;
  readonly length: number;
  readonly kind: string;
  /** The id as written, or the synthetic `file:line` when absent. */
  readonly id: string | number;
  readonly hasId: boolean;
  readonly session: string;
  readonly accepted: boolean;
  readonly acceptSeq: number | null;
  /** The whole parsed object, unknown fields included. */
  readonly data: JsonObject;
}

export interface RejectedLine {
  readonly line: number;
  readonly reason: string;
}

/** A boundary or annotation that a format knows about but that is not a record (e.g. a compaction). */
export interface InputNote {
  readonly line: number | null;
  readonly message: string;
  /** Set when the note says part of the input could not be read (a gzip cut off or damaged): what was read is not the whole of it. */
  readonly partial?: boolean;
}

/**
 * A point where a format says the effective history changes (a turn starts or
 * ends, a rollback, a compaction, deleted rows). Boundaries never remove
 * records: what they cover stays loaded and shown.
 */
export interface InputBoundary {
  /** Line (or item) of the input where the boundary is recorded. */
  readonly line: number;
  /** Session the boundary belongs to, or null when the format cannot say. */
  readonly session: string | null;
  /** What happens there: `turn-start`, `turn-end`, `turn-aborted`, `rollback`, `compaction`, `deletion`, ... */
  readonly kind: string;
  readonly label: string;
  /** The lines it takes out of the effective history, when it does; those records are kept. */
  readonly covers: { readonly fromLine: number; readonly toLine: number } | null;
}

export interface ParsedInput {
  readonly name: string;
  readonly format: string;
  readonly bytes: number;
  /** The file's SHA-256 in hex; NOT_HASHED (core/fileHash.ts) while the page has yet to hash a large file it has shown. */
  readonly sha256: string;
  /**
   * Set for a gzip input: the length of its content once decompressed and,
   * where it was computed, that content's SHA-256. The same log plain and
   * gzipped, or in two gzips, is one log (io/sameLog.ts); `sha256` stays the
   * file's own, as reports and links name the file.
   */
  readonly contentBytes?: number;
  readonly contentSha256?: string;
  /** Lines (or array items) in the input. */
  readonly lines: number;
  readonly blank: number;
  readonly rejected: readonly RejectedLine[];
  readonly records: readonly SeqRecord[];
  /** The decoded text; records point into it by offset. */
  readonly text: string;
  /** Plain statements about the input a user should read (e.g. "no acceptance order was recorded"). */
  readonly notes: readonly InputNote[];
  /** Boundaries the format records (real formats only; absent for native input). */
  readonly boundaries?: readonly InputBoundary[];
  /** Set when the input was read as a stream, without its text (see StreamedContent). */
  readonly streamed?: StreamedContent;
  /** Records' `line` counts the items of one JSON document or database (array positions, rows), not lines of text. */
  readonly itemized?: boolean;
  /**
   * `text` is assembled from the file's zip members or database cells, one
   * after another, not the file's bytes: offsets into it are no place in the file.
   */
  readonly assembled?: boolean;
}

/**
 * Native JSON Lines read as a stream: `text` is empty, and records' offset
 * and length count UTF-8 bytes of the content (after gzip). A record's raw line is read back from `content`
 * when a view asks for it, into `rawLines` (by byte offset), so a million
 * records never hold their text.
 */
export interface StreamedContent {
  /** The content as bytes (the file itself, or what its gzip decompresses to); null where it is not kept. */
  readonly content: Blob | null;
  /** Raw lines read back so far, by byte offset. */
  readonly rawLines: Map<number, string>;
}

export type Severity = 'error' | 'warning' | 'info';

export interface RecordRef {
  readonly file: string;
  readonly line: number;
  readonly id: string | number;
}

export interface Finding {
  readonly code: string;
  readonly severity: Severity;
  readonly session: string | null;
  readonly message: string;
  readonly records: readonly RecordRef[];
  /** Positions of the same records in `Analysis.records`, for views that select them. */
  readonly recordIndex: readonly number[];
}

export type StateValue = JsonValue | 'unknown';
export type KeyState = Record<string, StateValue>;

/**
 * A state with no prototype: keys come from the log, and a key named
 * `__proto__` or `constructor` must be an ordinary entry, neither a setter
 * that swaps the object's prototype nor an inherited value read back.
 */
export function emptyKeyState(): KeyState {
  return Object.create(null) as KeyState;
}
