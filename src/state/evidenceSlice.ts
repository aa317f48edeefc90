import type { StateCreator } from 'zustand';
import type { Analysis } from '../core/analyze';
import type { Comparison } from '../core/comparison';
import type { LoadProgress, SourceFile } from '../worker/protocol';
import type { Annotation } from './annotations';
import type { EvidenceBundle } from './bundle';
import type { ExpectedInput, LinkProblem } from './hashCheck';
import type { PastedEntry } from './pastedTexts';
import type { Store } from './store';
import type { LinkedInput, OrderMode, UrlView } from './url';

/** A file given for a link, with the SHA-256 of its bytes. */
export interface HashedFile {
  readonly file: SourceFile;
  readonly sha256: string;
}

/** A permalink or an evidence bundle waiting for the files it names; nothing is restored until their hashes match. */
export interface PendingLink {
  readonly expected: readonly ExpectedInput[];
  readonly view: UrlView;
  /** The file given for each expected input so far (matched by hash), or null. */
  readonly matched: readonly (HashedFile | null)[];
  /** Files given that do not match, kept so they can still be opened on purpose. */
  readonly rejected: readonly HashedFile[];
  readonly problems: readonly LinkProblem[];
  readonly bundle: EvidenceBundle | null;
  readonly checking: boolean;
  /** For each expected input, the pasted text this tab saw but could not keep over a reload, or null. */
  readonly pastedNotKept: readonly (PastedEntry | null)[];
}

/** The run the open inputs are compared with. */
export interface ComparisonState {
  /** `waiting`: a link names the other run's file by hash, and the page asks for it. */
  readonly status: 'waiting' | 'loading' | 'ready' | 'error';
  readonly expected: LinkedInput | null;
  readonly label: string;
  /** A bundled sample, or null for a file opened by hand. */
  readonly sample: string | null;
  readonly other: Analysis | null;
  /** The open analysis this result was computed against (base), and the result. */
  readonly base: Analysis | null;
  readonly result: Comparison | null;
  readonly message: string | null;
}

/** The comparison of the open inputs once it is made (the one the page shows and exports); null while it loads or fails, or when it was made against inputs since replaced. */
export function readyComparison(s: Pick<Store, 'comparison' | 'analysis'>): { readonly result: Comparison; readonly other: Analysis | null } | null {
  const c = s.comparison;
  return c?.status === 'ready' && c.result && c.base === s.analysis ? { result: c.result, other: c.other } : null;
}

/**
 * Another run being read to compare with. It is kept apart from the
 * comparison on screen, which stays as it is until the new one is ready, so
 * cancelling the read leaves the page exactly as it was.
 */
export interface ComparisonLoad {
  readonly label: string;
  readonly sources: readonly SourceFile[];
  readonly message: string;
  readonly progress: LoadProgress | null;
}

export interface EvidenceSlice {
  recordOrder: OrderMode;
  setRecordOrder(order: OrderMode): void;
  pendingLink: PendingLink | null;
  setPendingLink(pending: PendingLink | null): void;
  /** Problems of files opened although a link or bundle expected others; shown above the view until other inputs are opened. */
  linkWarning: readonly string[];
  setLinkWarning(warning: readonly string[]): void;
  annotations: readonly Annotation[];
  setAnnotations(annotations: readonly Annotation[]): void;
  comparison: ComparisonState | null;
  setComparison(comparison: ComparisonState | null): void;
  comparisonLoad: ComparisonLoad | null;
  setComparisonLoad(load: ComparisonLoad | null): void;
}

export const createEvidenceSlice: StateCreator<Store, [], [], EvidenceSlice> = (set) => ({
  recordOrder: 'derived',
  setRecordOrder: (recordOrder) => set({ recordOrder }),
  pendingLink: null,
  setPendingLink: (pendingLink) => set({ pendingLink }),
  linkWarning: [],
  setLinkWarning: (linkWarning) => set({ linkWarning }),
  annotations: [],
  setAnnotations: (annotations) => set({ annotations }),
  comparison: null,
  setComparison: (comparison) => set({ comparison }),
  comparisonLoad: null,
  setComparisonLoad: (comparisonLoad) => set({ comparisonLoad }),
});
