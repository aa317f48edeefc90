import { useEffect } from 'react';
import type { Analysis, SessionAnalysis } from '../core/analyze';
import { prepareSessionLinks } from '../state/links';
import { cutoffKeyIndexOf, leakIndexOf, prefixIndexOf, spanNoteOf, unorderedReasonOf } from '../state/selectors';
import { useStore } from '../state/store';
import { linkedRecordsOf } from '../viz/linksLayout';
import { recordOrderOf } from '../viz/orderModel';
import { orderModelOf } from '../viz/sessionModel';
import { sinceInput } from './lastInput';
import { prepareOrderView } from './orderViewAhead';

/** Past this many sessions nobody visits them all; a session is then made ready when chosen. */
export const WARM_UP_TO = 16;

/**
 * What the views of a session derive from it once, each a step of its own:
 * made on first view, a million records' session took 0.3-0.5 s of the
 * switch to it (its order model alone about 0.1 s).
 */
function warmSteps(analysis: Analysis, session: SessionAnalysis): WarmStep[] {
  return [
    // The order model in two steps, as before showing (prepareView.ts): its record order is most of it.
    () => void recordOrderOf(session),
    () => void orderModelOf(session),
    // The legend's marks and, at the width the order view has, its canvas's bins (about 20 ms of a first visit to a session of 250,000 records).
    () => prepareOrderView(analysis, session.session),
    // The state tables' keys laid out (its storage prefix index first): 88 ms of a first visit to a session of 100,000 keys.
    () => void prefixIndexOf(session),
    () => void cutoffKeyIndexOf(session),
    () => void leakIndexOf(session),
    () => void unorderedReasonOf(session),
    () => void linkedRecordsOf(session),
    () => void spanNoteOf(analysis.inputs)(session),
    (more) => prepareSessionLinks(analysis, session.session, more),
  ];
}

/**
 * One step of the warm-up. One that can stop part way (a link index: 0.2-0.3 s for a session of a
 * million records) is given `more`, which says whether the idle period has time left, and returns
 * false when it stopped first: it goes on in the next idle period.
 */
type WarmStep = (more: () => boolean) => boolean | void;

/** What an idle period tells of itself: requestIdleCallback's deadline. */
export type IdleDeadlineLike = Pick<IdleDeadline, 'timeRemaining'>;
type Schedule = (step: (deadline: IdleDeadlineLike) => void) => () => void;

/** When a step may run: in which idle period, and how long ago the user last did something. */
export interface WarmPace {
  schedule: Schedule;
  sinceInput: () => number;
}

/**
 * A step takes up to about 0.1 s at a million records (an order model), longer than any idle
 * period, so it runs only in one the browser expects to last its whole 50 ms (nothing else
 * due, no frame coming), never in the gap before a frame.
 */
export const WHOLE_IDLE_MS = 45;

/**
 * A step waits this long after the last key press, pointer press or scroll: at 10^6 records a
 * run of next-finding presses left idle periods between them, and a step landing there
 * delayed the next press by its own 0.1 s.
 */
export const QUIET_MS = 1000;

/** A step that can stop part way stops with this much of its idle period left: one using all 50 ms of it was a long task. */
const SPARE_MS = 10;

/**
 * ...and after this much of its work, whatever is left: an input that comes meanwhile waits
 * for the step to stop. Reading on until 10 ms were left, a million records' link index
 * delayed cutoff steps in the seconds after a load by 40-55 ms every other frame.
 */
export const STEP_BUDGET_MS = 10;

export const idleSchedule: Schedule = (step) => {
  if (typeof requestIdleCallback !== 'function') {
    // Without idle callbacks (Safari), a whole idle period counted down from its first reading:
    // a fixed answer never said stop, and a million records' link index was one long task.
    const timer = setTimeout(() => {
      let start: number | undefined;
      step({
        timeRemaining: () => {
          const now = performance.now();
          start ??= now;
          return Math.max(0, WHOLE_IDLE_MS - (now - start));
        },
      });
    }, 50);
    return () => clearTimeout(timer);
  }
  const id = requestIdleCallback(step);
  return () => cancelIdleCallback(id);
};

const browserPace: WarmPace = { schedule: idleSchedule, sinceInput };

/**
 * Makes the other sessions of a file of few sessions ready while the page is
 * idle, one step per idle period (a whole one, and a quiet second after the
 * user's last input), so that choosing one later draws it without first
 * deriving it; a page never that idle warms nothing, and a session is made
 * ready when chosen, as past WARM_UP_TO. Returns a cancel for when the
 * analysis goes.
 */
export function warmSessions(analysis: Analysis, shown: string | null, pace: WarmPace = browserPace): () => void {
  if (analysis.sessions.length > WARM_UP_TO) return () => {};
  // The session on screen has the rest drawn already; its link index is built when a record is first chosen, unless idle time came first.
  const steps = [
    ...analysis.sessions.filter((s) => s.session !== shown).flatMap((s) => warmSteps(analysis, s)),
    ...analysis.sessions.filter((s) => s.session === shown).map((s): WarmStep => (more) => prepareSessionLinks(analysis, s.session, more)),
  ];
  let cancel = () => {};
  let at = 0;
  const next = () => {
    if (at >= steps.length) return;
    cancel = pace.schedule((deadline) => {
      const left = deadline.timeRemaining();
      const stopBelow = Math.max(SPARE_MS, left - STEP_BUDGET_MS);
      const more = () => deadline.timeRemaining() > stopBelow;
      if (left >= WHOLE_IDLE_MS && pace.sinceInput() >= QUIET_MS && steps[at]!(more) !== false) at++;
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
