import type { SourceFile } from '../worker/protocol';
import type { Annotation } from './annotations';
import type { BundleInput, BundleView } from './bundle';

export type ExportKind = 'findings' | 'report' | 'bundle';

/** What every export is made with: the cutoff and session of `seqscope check`, the page's clock and the reviewer's notes. */
export interface ExportSettings {
  readonly cutoff: number | null;
  /** Only this session (the CLI's --session), or null for all. */
  readonly session: string | null;
  readonly generatedAt: string;
  readonly annotations: readonly Annotation[];
}

/** What a bundle holds besides the analysis: the sample, the comparison's inputs and the view. */
export interface BundleExtras {
  readonly sample: string | null;
  readonly comparison: { readonly sample: string | null; readonly inputs: readonly BundleInput[] } | null;
  readonly view: BundleView;
}

/** An input as the page holds it, so the export worker can tell it read the same one. */
export interface ExpectedInput {
  readonly name: string;
  readonly sha256: string;
  readonly records: number;
}

/**
 * One export, made in the export worker from the open files: they travel as
 * Blobs (by reference, not copied), with the SHA-256 the page already knows,
 * so they are parsed again there but not hashed again.
 */
export interface ExportRequest {
  readonly type: 'export';
  readonly id: number;
  readonly kind: ExportKind;
  readonly files: readonly SourceFile[];
  readonly expected: readonly ExpectedInput[];
  readonly settings: ExportSettings;
  /** Set for a bundle. */
  readonly bundle: BundleExtras | null;
}

export type ExportResponse =
  | { readonly type: 'progress'; readonly id: number; readonly message: string }
  /** The file's UTF-8 bytes, transferred: the page wraps them in a Blob without touching the text. */
  | { readonly type: 'exported'; readonly id: number; readonly bytes: Uint8Array }
  | { readonly type: 'error'; readonly id: number; readonly message: string };
