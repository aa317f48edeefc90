import type { StateCreator } from 'zustand';
import type { Analysis } from '../core/analyze';
import type { LoadProgress, SourceFile, Unreadable } from '../worker/protocol';
import type { SampleEntry } from './samples';
import type { Store } from './store';
import type { RestoredView } from './viewFromUrl';

/** Where the loaded inputs came from: a bundled sample can be named in the URL, a user's files cannot. */
export type Origin = { readonly kind: 'sample'; readonly file: string } | { readonly kind: 'files' };

export interface LoadError {
  readonly file: string | null;
  readonly message: string;
}

/** Something the page says about a load besides its result: a file refused for its size, one already open, a cancelled load. */
export interface Notice {
  readonly message: string;
  /** Shown as an alert (a file was not read), else as a plain status. */
  readonly alert: boolean;
}

export interface InputsSlice {
  sources: readonly SourceFile[];
  origin: Origin | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  progress: string | null;
  /** Bytes and records read, and the time left, while a load runs. */
  loadProgress: LoadProgress | null;
  error: LoadError | null;
  analysis: Analysis | null;
  /** The files `analysis` was made of, in its input order (`sources` are the next load's while one runs). */
  analysisSources: readonly SourceFile[];
  /**
   * Counts the times the hashing of inputs shown ended after their view (see
   * inputHashes.ts): each hash is set in place, so what shows one reads this
   * too, to be drawn again.
   */
  hashesSettled: number;
  inputsHashed(): void;
  /** The bundled samples' manifest; null until fetched. */
  samples: readonly SampleEntry[] | null;
  setSamples(samples: readonly SampleEntry[]): void;
  startLoading(sources: readonly SourceFile[], origin: Origin): void;
  setProgress(message: string, progress?: LoadProgress | null): void;
  /** The analysis and the view to open it with, in one update so nothing renders a half-restored view. */
  setAnalysis(analysis: Analysis, view: RestoredView, unreadable?: readonly Unreadable[]): void;
  /** Files of the last load that could not be read at all; the analysis covers the others. */
  unreadable: readonly Unreadable[];
  /** A load that failed: the inputs open before stay open and usable, so the page is ready if there are any. */
  setError(error: LoadError): void;
  /** Back to the inputs open before a load that did not finish (cancelled or failed). */
  restoreInputs(sources: readonly SourceFile[], origin: Origin | null): void;
  notices: readonly Notice[];
  setNotices(notices: readonly Notice[]): void;
  /** Adds notices after those shown, leaving out any whose message is already said. */
  addNotices(notices: readonly Notice[]): void;
  clearInputs(): void;
}

export const createInputsSlice: StateCreator<Store, [], [], InputsSlice> = (set) => ({
  sources: [],
  origin: null,
  status: 'idle',
  progress: null,
  loadProgress: null,
  error: null,
  analysis: null,
  analysisSources: [],
  hashesSettled: 0,
  inputsHashed: () => set((s) => ({ hashesSettled: s.hashesSettled + 1 })),
  samples: null,
  setSamples: (samples) => set({ samples }),
  // Notices stay: a file refused while these were picked must still be said; a load from openFiles replaces them with its own.
  startLoading: (sources, origin) => set({ sources, origin, status: 'loading', progress: 'Reading', loadProgress: null, error: null }),
  setProgress: (progress, loadProgress = null) => set({ progress, loadProgress }),
  unreadable: [],
  setAnalysis: (analysis, view, unreadable = []) =>
    set((s) => ({ analysis, analysisSources: s.sources, unreadable, status: 'ready', progress: null, error: null, ...view, playing: false, hover: null, revealToken: s.revealToken + 1 })),
  setError: (error) => set((s) => ({ error, status: s.analysis ? 'ready' : 'error', progress: null })),
  restoreInputs: (sources, origin) => set((s) => ({ sources, origin, status: s.analysis ? 'ready' : 'idle', progress: null })),
  notices: [],
  setNotices: (notices) => set({ notices }),
  addNotices: (added) =>
    set((s) => {
      const said = new Set(s.notices.map((n) => n.message));
      const fresh = added.filter((n) => !said.has(n.message) && said.add(n.message));
      return fresh.length > 0 ? { notices: [...s.notices, ...fresh] } : s;
    }),
  clearInputs: () => set({ sources: [], origin: null, status: 'idle', progress: null, error: null, analysis: null, analysisSources: [], unreadable: [], notices: [] }),
});
