import type { Analysis, SessionAnalysis } from '../core/analyze';
import { prepareSessionBeforeShowing } from '../state/prepareView';
import { sessionOf } from '../state/selectors';
import { useStore } from '../state/store';
import { marksOf } from '../viz/orderLegendEntries';
import { denseBinsOf, IDENTITY, isDense } from '../viz/orderScene';
import { orderModelOf } from '../viz/sessionModel';

let shownWidth = 0;

/** The order view's width on screen; a later analysis is shown at the same place, so at the same width. */
export function rememberOrderWidth(width: number): void {
  if (width > 0) shownWidth = width;
}

/**
 * What the order view's first render of the session about to be shown derives from its model: the
 * legend's marks, and the records binned for the width the view already has, unzoomed (a new
 * analysis resets the zoom). At a million records binning was about 50 ms of the first render's
 * 200, the marks 13. Before any workspace was shown the width is not known, and the first render bins.
 */
export function prepareOrderView(analysis: Analysis, name: string | null): void {
  const session = sessionOf(analysis, name);
  if (session) prepareOrderViewOf(session);
}

/** prepareOrderView for a session in hand, as soon as it is (SessionsAhead). */
export function prepareOrderViewOf(session: SessionAnalysis): void {
  const model = orderModelOf(session);
  marksOf(model);
  if (shownWidth > 0 && useStore.getState().recordOrder !== 'raw' && isDense(model, shownWidth, IDENTITY)) denseBinsOf(model, shownWidth, IDENTITY);
}

prepareSessionBeforeShowing(prepareOrderViewOf);
