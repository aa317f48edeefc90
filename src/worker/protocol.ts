import type { Analysis } from '../core/analyze';
import type { PackedAnalysis } from './packAnalysis';
import type { RecordsElsewhere } from './pageRecords';

/**
 * One file handed to the worker: its name and its bytes as a Blob (a picked
 * File stays on disk; the worker reads it as a stream). `key` names the
 * source for the worker's cache (with its name and size, readKey.ts), so a
 * file already read is not read again when another is added, closed or moved.
 */
export interface SourceFile {
  readonly name: string;
  readonly blob: Blob;
  readonly key?: string;
}

/** A file that could not be read at all (e.g. a corrupt gzip stream); the others are still analysed. */
export interface Unreadable {
  /** Position of the file in the request. */
  readonly index: number;
  readonly file: string;
  /** `file: reason`, as the list of unreadable files shows it. */
  readonly message: string;
  /** Why, without the file's name. */
  readonly reason: string;
}

/** A file that is the same log as a file before it in the request (io/sameLog.ts): it is left out. */
export interface AlreadyOpen {
  readonly index: number;
  readonly name: string;
  readonly sameAs: string;
  /** The SHA-256 both share: the file's, or when only their content once decompressed is the same, the content's. */
  readonly sha256: string;
  readonly onceDecompressed: boolean;
}

export interface AnalyzeRequest {
  readonly type: 'analyze';
  readonly id: number;
  readonly files: readonly SourceFile[];
  /**
   * How many files at the start of `files` are open already. When every later
   * file turns out to repeat an earlier one, nothing new would be shown: the
   * worker answers without an analysis.
   */
  readonly open?: number;
  /**
   * The SHA-256 of each file by position, where the page knows it (it hashed
   * that file after an earlier view), else null: a large file is read without
   * hashing it, and the page hashes it after the view.
   */
  readonly hashes?: readonly (string | null)[];
  /**
   * The files (readKeyOf) whose records the page holds from the last answer
   * it took: of those the worker kept read, the records do not cross again
   * (PackedAnalysis.recordsFrom says `held`).
   */
  readonly held?: readonly string[];
  /**
   * False: the worker leaves no file's records to the page to read itself
   * (ReadOnPageMessage), and packs them all. The page asks so again when its
   * own read of a file failed or read other records than the worker did.
   */
  readonly readOnPage?: boolean;
}

/** Files to hash, each with its position in the request, for a worker the page starts once a view is shown (see hashClient.ts). */
export interface HashRequest {
  readonly type: 'hash';
  readonly id: number;
  readonly files: readonly { readonly index: number; readonly blob: Blob }[];
}

/** One file's SHA-256, from the hashing worker to the page; null when the file could not be read again (changed on disk). */
export interface HashedMessage {
  readonly type: 'hashed';
  readonly id: number;
  readonly index: number;
  readonly sha256: string | null;
}

/** Where a load stands: bytes of the files read, records parsed, and an estimate of the time left. */
export interface LoadProgress {
  readonly bytes: number;
  readonly total: number;
  readonly records: number;
  /** Estimated milliseconds until the reading is done; null while there is too little to go on. */
  readonly etaMs: number | null;
  /**
   * `parsing`: a file read whole (not streamed) is being parsed, which has no measure of its own;
   * `sending`: the analysis is done and crosses to the page.
   */
  readonly phase: 'reading' | 'parsing' | 'analysing' | 'sending';
}

/** Byte spans of one content to read back as text (raw lines of a streamed input). */
export interface RawRequest {
  readonly type: 'raw';
  readonly id: number;
  readonly content: Blob;
  /** Byte offset and length of each span, as flat pairs. */
  readonly spans: readonly number[];
}

/**
 * A native file the worker is about to stream: `position` is the file's
 * place in the request, `fileIndex` its input position. The page reads the
 * same records from the same file itself (recordsReadOnPage.ts) while the
 * worker reads and analyses; the finished analysis then says which inputs
 * it left out for that reason (PackedAnalysis.recordsFrom).
 */
export interface ReadOnPageMessage {
  readonly type: 'readOnPage';
  readonly id: number;
  readonly position: number;
  readonly fileIndex: number;
}

/**
 * What comes with the first part of sessions sent before the checks ran
 * (SessionsAhead): where the page has every input's records, how many
 * records each has, and how many parts there are with this one, so the
 * page can rebuild the sessions before the rest of the analysis comes.
 */
export interface SessionsAheadHeader {
  readonly recordsFrom: readonly RecordsElsewhere[];
  readonly inputCounts: readonly number[];
  readonly parts: number;
}

/** Sessions of a packed analysis sent ahead of it, each part received in a task of its own (PackedAnalysis.sessionParts). */
export interface SessionPartMessage {
  readonly type: 'sessions';
  readonly id: number;
  readonly part: unknown;
  /** On the first part of sessions sent before the checks ran. */
  readonly ahead?: SessionsAheadHeader;
}

/** Close all: the worker lets go of the files it keeps read, which would otherwise stay in its memory until the next load. */
export interface ForgetRequest {
  readonly type: 'forget';
}

export type WorkerRequest = AnalyzeRequest | RawRequest | HashRequest | ForgetRequest;

export type WorkerResponse =
  | { readonly type: 'progress'; readonly id: number; readonly message: string; readonly file?: string | null; readonly progress?: LoadProgress }
  | {
      readonly type: 'done';
      readonly id: number;
      /** Null when every new file repeated an open one (see AnalyzeRequest.open), or when it comes packed. */
      readonly analysis: Analysis | null;
      /** The analysis as columns and a skeleton (see packAnalysis), rebuilt by the client. */
      readonly packed?: PackedAnalysis;
      readonly unreadable: readonly Unreadable[];
      readonly already?: readonly AlreadyOpen[];
      readonly millis: number;
    }
  | ReadOnPageMessage
  | SessionPartMessage
  | { readonly type: 'error'; readonly id: number; readonly file: string | null; readonly message: string }
  | { readonly type: 'raw'; readonly id: number; readonly texts: readonly string[] }
  | HashedMessage;
