import type { Analysis } from '../core/analyze';

/** One file handed to the worker: its name and its bytes exactly as read. */
export interface SourceFile {
  readonly name: string;
  readonly bytes: Uint8Array;
}

export interface AnalyzeRequest {
  readonly type: 'analyze';
  readonly id: number;
  readonly files: readonly SourceFile[];
}

export type WorkerResponse =
  | { readonly type: 'progress'; readonly id: number; readonly message: string }
  | { readonly type: 'done'; readonly id: number; readonly analysis: Analysis; readonly millis: number }
  | { readonly type: 'error'; readonly id: number; readonly file: string | null; readonly message: string };
