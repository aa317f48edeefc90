import type { StateCreator } from 'zustand';
import { clampCutoff, sessionOf } from './selectors';
import type { Store } from './store';
import type { RestoredView } from './viewFromUrl';

/** What is selected: records by position in `Analysis.records`, the one shown in detail, and the finding that chose them. */
export interface Selection {
  readonly records: readonly number[];
  readonly focus: number | null;
  readonly finding: number | null;
}

export const NO_SELECTION: Selection = { records: [], focus: null, finding: null };

export interface ViewSlice {
  session: string | null;
  /** The acceptance number N; null before a session with an acceptance order is shown. */
  cutoff: number | null;
  selection: Selection;
  codeFilter: string | null;
  hover: number | null;
  playing: boolean;
  /** Bumped when a selection should be brought into view (from a finding or the URL), not on every hover. */
  revealToken: number;
  selectSession(session: string | null, cutoff: number | null): void;
  setCutoff(cutoff: number | null): void;
  selectRecord(index: number | null): void;
  selectFinding(finding: number | null, records: readonly number[], focus: number | null): void;
  focusRecord(index: number): void;
  setCodeFilter(code: string | null): void;
  setHover(index: number | null): void;
  setPlaying(playing: boolean): void;
  restoreView(view: RestoredView): void;
}

/**
 * Selecting a record of another session shows that session at its end, as
 * the session picker does: each session counts accept_seq on its own, so the
 * N chosen in one means nothing in another, and kept it could dim the very
 * record the finding is about.
 */
function sessionFor(state: Store, index: number | null, finding: number | null = null): Partial<Store> {
  const name = sessionNamed(state, index, finding);
  if (name === null || name === state.session) return {};
  const session = sessionOf(state.analysis, name);
  if (!session) return {};
  return { session: session.session, cutoff: clampCutoff(session, null), playing: false };
}

/** The focused record's session; without a record, the finding's own (a session with no accept_seq is reported naming none of its records). */
function sessionNamed(state: Store, index: number | null, finding: number | null): string | null {
  const record = index === null ? undefined : state.analysis?.records[index];
  if (record) return record.kind === 'eval' ? null : record.session;
  return finding === null ? null : (state.analysis?.findings[finding]?.session ?? null);
}

export const createViewSlice: StateCreator<Store, [], [], ViewSlice> = (set) => ({
  session: null,
  cutoff: null,
  selection: NO_SELECTION,
  codeFilter: null,
  hover: null,
  playing: false,
  revealToken: 0,
  selectSession: (session, cutoff) => set({ session, cutoff, playing: false }),
  setCutoff: (cutoff) => set({ cutoff }),
  selectRecord: (index) =>
    set((s) => ({
      ...sessionFor(s, index),
      selection: index === null ? NO_SELECTION : { records: [index], focus: index, finding: null },
      revealToken: s.revealToken + 1,
    })),
  selectFinding: (finding, records, focus) => set((s) => ({ ...sessionFor(s, focus, finding), selection: { records, focus, finding }, revealToken: s.revealToken + 1 })),
  focusRecord: (index) => set((s) => ({ ...sessionFor(s, index), selection: { ...s.selection, focus: index }, revealToken: s.revealToken + 1 })),
  setCodeFilter: (codeFilter) => set({ codeFilter }),
  setHover: (hover) => set({ hover }),
  setPlaying: (playing) => set({ playing }),
  restoreView: (view) => set((s) => ({ ...view, playing: false, revealToken: s.revealToken + 1 })),
});
