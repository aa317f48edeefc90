import type { Analysis, SessionAnalysis } from '../core/analyze';
import { recordOrderOf } from '../viz/orderModel';
import { orderModelOf } from '../viz/sessionModel';
import { nextTask } from '../worker/nextTask';
import { cutoffViewOf, findingMinSeqOf, leakIndexOf, prefixIndexOf, recordIndexOf, sessionOf, spanNoteOf } from './selectors';

/** Work the first render of a received analysis would do (memoised per analysis or session), done ahead of it; `cutoff` is the N it is shown at. */
export type Preparer = (analysis: Analysis, session: string | null, cutoff: number | null) => void;

/** The part of that work that needs only the session shown, done as soon as the session is (its views' caches are per session). */
export type SessionPreparer = (session: SessionAnalysis, cutoff: number | null) => void;

const analysisSteps: Preparer[] = [
  (a) => recordIndexOf(a),
  (a, s) => {
    findingMinSeqOf(a);
    // The session's facts: which inputs it spans (14 ms of a first render at a million records).
    const session = sessionOf(a, s);
    if (session) spanNoteOf(a.inputs)(session);
  },
];

const sessionSteps: SessionPreparer[] = [
  (s) => prefixIndexOf(s),
  (s) => leakIndexOf(s),
  // The order model, the largest piece of a first render, in two steps: its record order, then the rest.
  (s) => recordOrderOf(s),
  (s) => orderModelOf(s),
  // The state tables' keys laid out and their state at the cutoff shown: half of a first render for a session of 100,000 keys.
  (s, n) => n !== null && cutoffViewOf(s, n),
];

/** Adds a step (what the views derive for their own drawing, which this layer does not name). */
export function prepareBeforeShowing(step: Preparer): void {
  analysisSteps.push(step);
}

/** Adds a step that needs only the session shown. */
export function prepareSessionBeforeShowing(step: SessionPreparer): void {
  sessionSteps.push(step);
}

/**
 * Runs every step in a task of its own, so that showing a million records
 * is several pauses of a few hundred milliseconds at most rather than one of
 * a second; false as soon as `stillWanted` says the load was superseded or
 * cancelled meanwhile. Steps already run for the session ahead of its
 * analysis (prepareSessionInTasks) find their work done.
 */
export async function prepareInTasks(analysis: Analysis, session: string | null, stillWanted: () => boolean, cutoff: number | null = null): Promise<boolean> {
  for (const step of analysisSteps) {
    await nextTask();
    if (!stillWanted()) return false;
    step(analysis, session, cutoff);
  }
  const shown = sessionOf(analysis, session);
  if (shown && !(await prepareSessionInTasks(shown, cutoff, stillWanted))) return false;
  await nextTask();
  return stillWanted();
}

/** The session steps alone, each in a task of its own: for a session that came ahead of the rest of its analysis (SessionsAhead). */
export async function prepareSessionInTasks(session: SessionAnalysis, cutoff: number | null, stillWanted: () => boolean): Promise<boolean> {
  for (const step of sessionSteps) {
    await nextTask();
    if (!stillWanted()) return false;
    step(session, cutoff);
  }
  return true;
}
