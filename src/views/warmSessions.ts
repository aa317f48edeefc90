import { useEffect } from 'react';
import type { Analysis, SessionAnalysis } from '../core/analyze';
import { leakIndexOf, prefixIndexOf, spanNoteOf, unorderedReasonOf } from '../state/selectors';
import { useStore } from '../state/store';
import { linkedRecordsOf } from '../viz/linksLayout';
import { marksOf } from '../viz/orderLegendEntries';
import { orderModelOf } from '../viz/sessionModel';

/** Past this many sessions nobody visits them all; a session is then made ready when chosen. */
export const WARM_UP_TO = 16;

/**
 * What the views of a session derive from it once, each a step of its own:
 * made on first view, a million records' session took 0.3-0.5 s of the
 * switch to it (its order model alone about 0.1 s).
 */
function warmSteps(analysis: Analysis, session: SessionAnalysis): (() => unknown)[] {
  return [
    () => orderModelOf(session),
    () => marksOf(orderModelOf(session)),
    () => prefixIndexOf(session),
    () => leakIndexOf(session),
    () => unorderedReasonOf(session),
    () => linkedRecordsOf(session),
    () => spanNoteOf(analysis.inputs)(session),
  ];
}

type Schedule = (step: () => void) => () => void;

const idle: Schedule = (step) => {
  if (typeof requestIdleCallback !== 'function') {
    const timer = setTimeout(step, 50);
    return () => clearTimeout(timer);
  }
  const id = requestIdleCallback(step);
  return () => cancelIdleCallback(id);
};

/**
 * Makes the other sessions of a file of few sessions ready while the page is
 * idle, one step per idle period, so that choosing one later draws it
 * without first deriving it. Returns a cancel for when the analysis goes.
 */
export function warmSessions(analysis: Analysis, shown: string | null, schedule: Schedule = idle): () => void {
  if (analysis.sessions.length > WARM_UP_TO) return () => {};
  const steps = analysis.sessions.filter((s) => s.session !== shown).flatMap((s) => warmSteps(analysis, s));
  let cancel = () => {};
  let at = 0;
  const next = () => {
    if (at >= steps.length) return;
    cancel = schedule(() => {
      steps[at++]!();
      next();
    });
  };
  next();
  return () => cancel();
}

/** Warms the other sessions of the analysis on screen (see warmSessions). */
export function useWarmSessions(): void {
  const analysis = useStore((s) => s.analysis);
  useEffect(() => (analysis ? warmSessions(analysis, useStore.getState().session) : undefined), [analysis]);
}
