import { awaitComparisonFile, clearComparison, compareWithSample } from './compareLoader';
import { startLink } from './linkLoader';
import { closeAllInputs, openSample } from './loader';
import { isHashed } from '../core/fileHash';
import type { ParsedInput } from '../core/model';
import { useStore, type Store } from './store';
import { EMPTY_URL_VIEW, formatUrlView, ignoredUrlParams, isNavigation, parseUrlView, type UrlView } from './url';
import { initialView, urlViewOf } from './viewFromUrl';
import { droppedFromLink } from './urlSyncDropped';

/**
 * The link to the view shown now, made from the view itself: the address bar
 * takes the slider, the filter and the order switch a moment later (so a drag
 * does not flood history), and a link copied in that moment named the N
 * before. While inputs load or a link waits for its files, the address is the link.
 */
export function linkToView(state: Store, at: { readonly origin: string; readonly pathname: string; readonly hash: string; readonly href: string }): string {
  if (state.status !== 'ready' || !state.analysis || state.pendingLink) return at.href;
  return `${at.origin}${at.pathname}${formatUrlView(urlViewOf(state))}${at.hash}`;
}

/**
 * Whether the link would name a file without its hash: a large file is
 * hashed a moment after its view is shown, and a link without the hash
 * could not ask for the same file. One that could not be hashed at all
 * (changed on disk since it was opened) keeps the link waiting: an address
 * that names a file without its hash opens as an empty page.
 */
export function linkAwaitsHashes(state: Pick<Store, 'origin' | 'analysis' | 'comparison'>): boolean {
  return linkedInputs(state).some((input) => !isHashed(input));
}

/** The inputs a link names by hash: the files opened by hand, and the other run's file. */
export function linkedInputs(state: Pick<Store, 'origin' | 'analysis' | 'comparison'>): readonly ParsedInput[] {
  const other = state.comparison?.sample === null ? state.comparison.other?.inputs[0] : undefined;
  const byHand = state.origin?.kind === 'files' ? (state.analysis?.inputs ?? []) : [];
  return other ? [...byHand, other] : byHand;
}

/** Opens what a URL names: a sample (and a sample to compare with), or files by hash, which the page then asks for. */
export async function openFromUrl(view: UrlView): Promise<void> {
  if (view.sample !== null) {
    await openSample(view.sample, view);
    if (useStore.getState().status !== 'ready') return;
    if (view.compare !== null) await compareWithSample(view.compare);
    else if (view.cmp !== null) awaitComparisonFile(view.cmp);
  } else if (view.inputs.length > 0) startLink(view);
  else if (view.compare !== null || view.cmp !== null) {
    const what = view.compare !== null ? `the sample “${view.compare}”` : 'another run';
    const message = `The address asks to compare with ${what} but names no run to compare it with, so it was ignored: open a file or a sample first, then Compare with….`;
    useStore.getState().setNotices([{ message, alert: true }]);
  }
}

function say(messages: readonly string[]): void {
  useStore.getState().addNotices(messages.map((message) => ({ message, alert: true })));
}

/** Says which sample names in the address were ignored, and why; said after the open, whose load replaces the notices. */
function sayIgnored(search: string): void {
  say(ignoredUrlParams(search));
}

/** The address (or a bundle's view) whose inputs are being opened (at once, or once a link's files are given), until their view is shown. */
let requested: { readonly search: string; readonly from: 'link' | 'bundle' } | null = null;

async function openFromAddress(search: string): Promise<void> {
  const view = parseUrlView(search);
  requested = view.sample !== null || view.inputs.length > 0 ? { search, from: 'link' } : null;
  await openFromUrl(view);
  sayIgnored(search);
}

/** Once the inputs an address named are shown, says what of its view they could not show. */
function sayDropped(state: Store): void {
  const asking = requested;
  requested = null;
  if (asking === null || !state.analysis) return;
  const asked = parseUrlView(asking.search);
  const shown = urlViewOf(state);
  if (asked.sample !== shown.sample || formatLinked(asked) !== formatLinked(shown)) return;
  say(droppedFromLink(asking.search, state.analysis, state, asking.from));
}

const formatLinked = (v: UrlView) => formatUrlView({ ...EMPTY_URL_VIEW, inputs: v.inputs });

const changed = (a: Store, b: Store) =>
  a.origin !== b.origin ||
  a.session !== b.session ||
  a.cutoff !== b.cutoff ||
  a.selection !== b.selection ||
  a.analysis !== b.analysis ||
  a.hashesSettled !== b.hashesSettled ||
  a.codeFilter !== b.codeFilter ||
  a.recordOrder !== b.recordOrder ||
  a.comparison?.sample !== b.comparison?.sample ||
  a.comparison?.other !== b.comparison?.other ||
  a.comparison?.status !== b.comparison?.status;

/**
 * Keeps the URL and the view in step: new inputs, a session, a selection or a
 * comparison are history entries (so back/forward walk through them); the
 * slider, the code filter and the order mode only replace the current entry,
 * a little later, so dragging the slider does not flood history.
 */
export function startUrlSync(): () => void {
  let written: UrlView = parseUrlView(location.search);
  let pending: number | undefined;
  let restoring = false;
  /**
   * Back or forward asked for other inputs and they are loading: the view they bring is the entry the
   * browser already shows, so it replaces it; pushing would cut off every entry ahead of it.
   */
  let followingHistory = false;
  /** A write held while the files it names are hashed (linkAwaitsHashes), and whether it was to add an entry. */
  let held: { push: boolean } | null = null;

  const write = (view: UrlView, push: boolean) => {
    if (linkAwaitsHashes(useStore.getState())) {
      held = { push: (held?.push ?? false) || push };
      return;
    }
    held = null;
    const url = `${location.pathname}${formatUrlView(view)}${location.hash}`;
    if (push) history.pushState(null, '', url);
    else history.replaceState(null, '', url);
    written = view;
  };

  const unsubscribe = useStore.subscribe((state, prev) => {
    // A bundle's files were given: the view it restores is checked as a link's is.
    const given = prev.pendingLink && !state.pendingLink ? prev.pendingLink : null;
    if (given?.bundle) requested = { search: formatUrlView(given.view), from: 'bundle' };
    if (restoring) return;
    const closed = (state.status === 'idle' && prev.status !== 'idle') || (state.status === 'idle' && prev.pendingLink !== null && state.pendingLink === null);
    if (closed && state.pendingLink === null) {
      window.clearTimeout(pending);
      held = null;
      // Inputs that back or forward asked for may pass through an empty page on their way in.
      if (!followingHistory) write(EMPTY_URL_VIEW, true);
      return;
    }
    if (state.status === 'error') followingHistory = false;
    // A write held for the files of a view another has replaced is let go: the new view's own write says what it is.
    if (state.analysis !== prev.analysis) held = null;
    if (state.status !== 'ready' || (!changed(state, prev) && held === null)) return;
    if (state.analysis !== prev.analysis) sayDropped(state);
    const view = urlViewOf(state);
    window.clearTimeout(pending);
    const newInputs = written.sample !== view.sample || formatLinked(written) !== formatLinked(view);
    // Files hashed after their view was shown: what was held for them is written now, an entry added if one was to be.
    if (held && !linkAwaitsHashes(state)) write(view, held.push);
    else if (followingHistory) {
      followingHistory = false;
      write(view, false);
    } else if (isNavigation(written, view)) write(view, prev.status === 'ready' || newInputs);
    else if (formatUrlView(view) !== formatUrlView(written)) pending = window.setTimeout(() => write(urlViewOf(useStore.getState()), false), 200);
  });

  const onPop = () => {
    const view = parseUrlView(location.search);
    written = view;
    const state = useStore.getState();
    const current = urlViewOf(state);
    const sameInputs = view.sample === current.sample && formatLinked(view) === formatLinked(current);
    if (!sameInputs && (view.sample !== null || view.inputs.length > 0)) {
      followingHistory = true;
      void openFromAddress(location.search);
      return;
    }
    if (view.sample === null && view.inputs.length === 0) {
      restoring = true;
      if (state.status !== 'idle') closeAllInputs();
      state.setPendingLink(null);
      restoring = false;
      sayIgnored(location.search);
      return;
    }
    if (!state.analysis) return;
    restoring = true;
    state.restoreView(initialView(state.analysis, view, null));
    restoring = false;
    sayIgnored(location.search);
    requested = { search: location.search, from: 'link' };
    sayDropped(useStore.getState());
    if (view.compare === current.compare && view.cmp?.hash === current.cmp?.hash) return;
    if (view.compare !== null) void compareWithSample(view.compare);
    else if (view.cmp !== null) awaitComparisonFile(view.cmp);
    else clearComparison();
  };
  window.addEventListener('popstate', onPop);

  void openFromAddress(location.search);

  return () => {
    unsubscribe();
    window.removeEventListener('popstate', onPop);
    window.clearTimeout(pending);
  };
}
