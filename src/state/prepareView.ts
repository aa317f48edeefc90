import type { Analysis, SessionAnalysis } from '../core/analyze';
import { recordOrderOf } from '../viz/orderModel';
import { orderModelOf } from '../viz/sessionModel';
import { nextTask } from '../worker/nextTask';
import { cutoffViewOf, findingMinSeqOf, leakIndexOf, prefixIndexOf, recordIndexOf, sessionOf, spanNoteOf } from './selectors';

/** Work the first render of a received analysis would do (memoised per analysis or session), done ahead of it; `cutoff` is the N it is shown at. */
export type Preparer = (analysis: Analysis, session: string | null, cutoff: number | null) => void;

/** A step that derives something of the session about to be shown, if there is one. */
const ofSession =
  (derive: (session: SessionAnalysis) => unknown): Preparer =>
  (a, s) => {
    const session = sessionOf(a, s);
    if (session) derive(session);
  };

const steps: Preparer[] = [
  (a) => recordIndexOf(a),
  ofSession(prefixIndexOf),
  ofSession(leakIndexOf),
  (a, s, n) => {
    findingMinSeqOf(a);
    // The session's facts: which inputs it spans (14 ms of a first render at a million records).
    ofSession(spanNoteOf(a.inputs))(a, s, n);
  },
  // The order model, the largest piece of a first render, in two steps: its record order, then the rest.
  ofSession(recordOrderOf),
  ofSession(orderModelOf),
  // The state tables' keys laid out and their state at the cutoff shown: half of a first render for a session of 100,000 keys.
  (a, s, n) => n !== null && ofSession((session) => cutoffViewOf(session, n))(a, s, n),
];

/** Adds a step (what the views derive for their own drawing, which this layer does not name). */
export function prepareBeforeShowing(step: Preparer): void {
  steps.push(step);
}

/**
 * Runs every step in a task of its own, so that showing a million records
 * is several pauses of a few hundred milliseconds at most rather than one of
 * a second; false as soon as `stillWanted` says the load was superseded or
 * cancelled meanwhile.
 */
export async function prepareInTasks(analysis: Analysis, session: string | null, stillWanted: () => boolean, cutoff: number | null = null): Promise<boolean> {
  for (const step of steps) {
    await nextTask();
    if (!stillWanted()) return false;
    step(analysis, session, cutoff);
  }
  await nextTask();
  return stillWanted();
}
