import type { Analysis } from '../core/analyze';

/** One file handed to the worker: its name and its bytes exactly as read. */
export interface SourceFile {
  readonly name: string;
  readonly bytes: Uint8Array;
}

/** A file that could not be read at all (e.g. a corrupt gzip stream); the others are still analysed. */
export interface Unreadable {
  /** Position of the file in the request. */
  readonly index: number;
  readonly file: string;
  readonly message: string;
}

export interface AnalyzeRequest {
  readonly type: 'analyze';
  readonly id: number;
  readonly files: readonly SourceFile[];
}

export type WorkerResponse =
  | { readonly type: 'progress'; readonly id: number; readonly message: string; readonly file?: string | null }
  | { readonly type: 'done'; readonly id: number; readonly analysis: Analysis; readonly unreadable: readonly Unreadable[]; readonly millis: number }
  | { readonly type: 'error'; readonly id: number; readonly file: string | null; readonly message: string };
