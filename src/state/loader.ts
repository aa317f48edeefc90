import type { Analysis, SessionAnalysis } from '../core/analyze';
import { AnalysisClient, AnalysisError } from '../worker/client';
import { stopHashing } from '../worker/hashClient';
import type { AlreadyOpen, SourceFile, Unreadable } from '../worker/protocol';
import type { Notice, Origin } from './inputsSlice';
import { interceptFiles } from './linkLoader';
import { alreadyOpenNotices, loadFailed, type Before } from './loadOutcome';
import { fetchSample, type SampleFetch } from './sampleFetch';
import { sourceFromBytes } from './sources';
import { useStore } from './store';
import { EMPTY_URL_VIEW, type UrlView } from './url';
import { initialView, urlViewOf } from './viewFromUrl';
import { pastedSource } from './pastedTexts';
import { prepareInTasks, prepareSessionInTasks } from './prepareView';
import { sessionToPrepareAhead } from './sessionAhead';
import { clampCutoff, cutoffRange, sessionOf } from './selectors';
import { givenNameOf, withDistinctNames } from './sourceNames';
import { forgetPastedTexts } from './pastedTexts';
import { forgetRecentPasted, rememberShownFiles } from './recentFiles';
import { hashInputsAfterView } from './inputHashes';

const client = new AnalysisClient();

/** Counts loads: a newer one makes an older one that is still being prepared for showing moot. */
let loads = 0;
/** Cancels the load being prepared for showing, once the worker is done with it. */
let cancelPreparing: (() => void) | null = null;
/** What the view showed when the loads in flight began: one begun during another goes back there, not to the other's files. */
let shownBefore: Before | null = null;
/** The view the load in flight will show: files added or closed meanwhile keep it, where the store still shows the view before it. */
let viewInFlight: UrlView | null = null;

/** Starts the reader once the page is idle, so the first file does not wait for the worker to load. */
export function warmReaderWhenIdle(): void {
  const warm = () => client.warm();
  if (typeof requestIdleCallback === 'function') requestIdleCallback(warm, { timeout: 2000 });
  else setTimeout(warm, 500);
}

/**
 * `notices`, when given, replace what the status line says (a load of picked files); without them it keeps saying it.
 * `open`: how many of `sources` are open already (files are added to them); a load that adds nothing new keeps the view.
 */
export async function analyzeAndShow(given: readonly SourceFile[], origin: Origin, view: UrlView, notices?: readonly Notice[], open = 0): Promise<void> {
  const sources = withDistinctNames(given);
  const store = useStore.getState();
  const load = ++loads;
  const before = store.status === 'loading' && shownBefore ? shownBefore : { sources: store.sources, origin: store.origin };
  shownBefore = before;
  viewInFlight = view;
  store.startLoading(sources, origin);
  if (notices) store.setNotices(notices);
  performance.mark('seqscope:load-start');
  const sampleCutoff = origin.kind === 'sample' ? useStore.getState().samples?.find((s) => s.file === origin.file)?.cutoff : undefined;
  let failed = false;
  // The view of the session likely shown is prepared while the worker still checks (SessionsAhead); the memos keep it for showing.
  const prepareAhead = (sessions: readonly SessionAnalysis[]) => {
    const session = sessionToPrepareAhead(sessions, view.session);
    if (session) void prepareSessionInTasks(session, clampCutoff(session, view.cutoff ?? sampleCutoff ?? null), () => load === loads && !failed);
  };
  let result: { analysis: Analysis | null; unreadable: readonly Unreadable[]; already: readonly AlreadyOpen[] };
  try {
    result = await client.analyze(sources, (m, p) => useStore.getState().setProgress(m, p), open, true, prepareAhead);
  } catch (e) {
    failed = true;
    if (!(e instanceof AnalysisError && e.kind === 'superseded') && load === loads) loadFailed(before, e);
    return;
  }
  performance.mark('seqscope:analysis-received');
  const { analysis, unreadable, already } = result;
  const shown = analysis ? initialView(analysis, view, sampleCutoff ?? null) : null;
  if (analysis && shown) {
    let cancelled = false;
    cancelPreparing = () => (cancelled = true);
    const wanted = await prepareInTasks(analysis, shown.session, () => load === loads && !cancelled, shown.cutoff);
    if (load === loads) cancelPreparing = null;
    if (!wanted) {
      if (cancelled && load === loads) loadFailed(before, new AnalysisError(null, 'cancelled', 'cancelled'));
      return;
    }
  }
  // The same log twice (the same bytes, or the same content once decompressed) would only double every record: it is said to be open, not added.
  // What the store says now: the notices this load began with, and any said while it ran (a sample that could not be fetched).
  // Said of the file the user gave, by the name it had, not the number a name already open gave it.
  const said = [...useStore.getState().notices, ...alreadyOpenNotices(already.map((a) => ({ ...a, name: givenNameOf(sources[a.index], a.name) })))];
  if (already.length > 0) useStore.getState().setNotices(said);
  if (!analysis || !shown) {
    useStore.getState().restoreInputs(before.sources, before.origin);
    return;
  }
  // An unreadable file, or one already open, is dropped from the open inputs, so input positions match the analysis.
  const left = (i: number) => unreadable.some((u) => u.index === i) || already.some((a) => a.index === i);
  if (unreadable.length > 0 || already.length > 0) useStore.setState({ sources: sources.filter((_, i) => !left(i)) });
  const shownFiles = useStore.getState().sources;
  void hashInputsAfterView(analysis, shownFiles, () => {
    useStore.getState().inputsHashed();
    if (useStore.getState().analysis === analysis) rememberShownFiles(shownFiles, analysis.inputs);
  });
  useStore.getState().setAnalysis(analysis, shown, unreadable);
  // Files opened over a sample replace it (see openFiles); unsaid, the sample would vanish without a word.
  if (before.origin?.kind === 'sample' && origin.kind === 'files') useStore.getState().addNotices([sampleClosed(before.origin.file)]);
  rememberShownFiles(shownFiles, analysis.inputs);
}

function sampleClosed(file: string): Notice {
  return { message: `Closed the sample ${file}: a sample is shown on its own; the files you open are shown together.`, alert: false };
}

/**
 * Opening files adds them to files opened before, but replaces a sample: a sample is a finished view, not a workspace.
 * An evidence bundle, or files given for a link that waits for them, go their own way first.
 */
export async function openFiles(files: readonly SourceFile[], refused: readonly Notice[] = []): Promise<void> {
  if (files.length === 0 || (await interceptFiles(files))) {
    if (refused.length > 0) useStore.getState().setNotices(refused);
    return;
  }
  const { origin, sources, analysisSources, recordOrder } = useStore.getState();
  const keep = origin?.kind === 'files' ? sources : [];
  // Files of a load still in flight are kept but are not open yet: only those the view shows count as open.
  let open = 0;
  while (open < keep.length && keep[open] === analysisSources[open]) open++;
  // Added files go after the open ones, so the view of those (session, N, focused record) still names the same things.
  const view = keep.length > 0 ? viewKept(null) : { ...EMPTY_URL_VIEW, order: recordOrder };
  return analyzeAndShow([...keep, ...files], { kind: 'files' }, view, refused, open);
}

/** Stops the load in flight; the inputs open before stay open. */
export function cancelLoading(): void {
  if (!client.cancel()) cancelPreparing?.();
}

/** Closes every input, and stops a load in flight: what it was reading must not come back over the emptied page. */
export function closeAllInputs(): void {
  loads++;
  client.forget();
  stopHashing();
  useStore.getState().clearInputs();
}

/**
 * The Close all button: everything closed, and the text pasted in this tab
 * forgotten too, kept for a reload or held for back and forward. Only the
 * user's own Close all does this: a link or a move through history closes
 * the inputs on the way to others, and must not lose what was pasted.
 */
export function closeAllAndForgetPasted(): void {
  closeAllInputs();
  forgetPastedTexts();
  forgetRecentPasted();
}

export function removeInput(index: number): Promise<void> {
  const state = useStore.getState();
  const { sources, origin } = state;
  const rest = sources.filter((_, i) => i !== index);
  if (rest.length === 0 || origin === null) {
    closeAllInputs();
    return Promise.resolve();
  }
  return analyzeAndShow(rest, origin.kind === 'sample' ? { kind: 'files' } : origin, viewKept(index), []);
}

/**
 * The view as it is, for the inputs after one is closed (`closed`) or files are added (null): the
 * session and cutoff stay (when the session is still there), the focused record moves up with its
 * file, and a finding, numbered in the old list, is let go. A cutoff at the session's last step
 * stays at the last step, wherever added records put it: the end is where the user was.
 */
function viewKept(closed: number | null): UrlView {
  const state = useStore.getState();
  // Files given while others load (picked one after the other): the view that load keeps is kept, its files being the open ones here.
  const loading = state.status === 'loading' && viewInFlight !== null;
  if (!loading && (!state.analysis || state.status !== 'ready')) return { ...EMPTY_URL_VIEW, order: state.recordOrder };
  const now = loading ? viewInFlight! : urlViewOf(state);
  const shift = (file: number) => file - (closed !== null && file > closed ? 1 : 0);
  const sel = now.sel === null || now.sel.file === closed ? null : { file: shift(now.sel.file), line: now.sel.line };
  const atEnd = !loading && now.cutoff !== null && now.cutoff === cutoffRange(sessionOf(state.analysis, now.session))?.max;
  return { ...EMPTY_URL_VIEW, session: now.session, cutoff: atEnd ? null : now.cutoff, sel, code: now.code, order: now.order };
}

export function openText(text: string, name: string): Promise<void> {
  return openFiles([pastedSource(name, text)]);
}

export async function openSample(file: string, view: UrlView = { ...EMPTY_URL_VIEW, sample: file }): Promise<void> {
  const fetched = await fetchSample(file);
  if (fetched.kind !== 'bytes') {
    sampleNotFetched(file, fetched);
    return;
  }
  try {
    await analyzeAndShow([sourceFromBytes(file, fetched.bytes)], { kind: 'sample', file }, view, []);
  } catch (e) {
    useStore.getState().setError({ file, message: e instanceof Error ? e.message : String(e) });
  }
}

/**
 * A load in flight was to be replaced by the sample: it goes on, with its progress and Cancel, and the
 * failure is said beside it in words that stay true once it has ended. Without one, a fetch that failed
 * is an error, and a name no sample has is a notice that names the samples there are.
 */
function sampleNotFetched(file: string, problem: Exclude<SampleFetch, { kind: 'bytes' }>): void {
  const store = useStore.getState();
  const loading = store.status === 'loading';
  if (problem.kind === 'failed' && !loading) {
    store.setError({ file, message: `the sample could not be fetched (${problem.why})` });
    return;
  }
  let message: string;
  if (problem.kind === 'unknown') message = loading ? `${problem.sentence} The file being read was not replaced.` : problem.sentence;
  else message = `The sample ${file} could not be fetched (${problem.why}), so the file being read was not replaced.`;
  store.addNotices([{ message, alert: true }]);
}
