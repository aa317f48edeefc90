import { openSample } from './loader';
import { useStore } from './store';
import { EMPTY_URL_VIEW, formatUrlView, isNavigation, parseUrlView, type UrlView } from './url';
import { initialView, urlViewOf } from './viewFromUrl';

/**
 * Keeps the URL and the view in step: a new session, selection or sample is a
 * history entry (so back/forward walk through them); the slider only replaces
 * the current entry, a little later, so dragging it does not flood history.
 */
export function startUrlSync(): () => void {
  let written: UrlView = parseUrlView(location.search);
  let pending: number | undefined;
  let restoring = false;

  const write = (view: UrlView, push: boolean) => {
    const url = `${location.pathname}${formatUrlView(view)}${location.hash}`;
    if (push) history.pushState(null, '', url);
    else history.replaceState(null, '', url);
    written = view;
  };

  const unsubscribe = useStore.subscribe((state, prev) => {
    if (restoring) return;
    if (state.status === 'idle' && prev.status !== 'idle') {
      window.clearTimeout(pending);
      write(EMPTY_URL_VIEW, true);
      return;
    }
    if (state.status !== 'ready') return;
    if (state.origin === prev.origin && state.session === prev.session && state.cutoff === prev.cutoff && state.selection === prev.selection && state.analysis === prev.analysis) return;
    const view = urlViewOf(state);
    window.clearTimeout(pending);
    if (isNavigation(written, view)) write(view, prev.status === 'ready' || written.sample !== view.sample);
    else if (view.cutoff !== written.cutoff) pending = window.setTimeout(() => write(urlViewOf(useStore.getState()), false), 200);
  });

  const onPop = () => {
    const view = parseUrlView(location.search);
    written = view;
    const state = useStore.getState();
    const current = state.origin?.kind === 'sample' ? state.origin.file : null;
    if (view.sample !== null && view.sample !== current) {
      void openSample(view.sample, view);
      return;
    }
    if (view.sample === null && current !== null) {
      restoring = true;
      state.clearInputs();
      restoring = false;
      return;
    }
    if (!state.analysis) return;
    restoring = true;
    state.restoreView(initialView(state.analysis, view, null));
    restoring = false;
  };
  window.addEventListener('popstate', onPop);

  const first = parseUrlView(location.search);
  if (first.sample !== null) void openSample(first.sample, first);

  return () => {
    unsubscribe();
    window.removeEventListener('popstate', onPop);
    window.clearTimeout(pending);
  };
}
