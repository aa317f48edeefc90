import type { Analysis } from '../core/analyze';
import { recordOrderOf } from '../viz/orderModel';
import { orderModelOf } from '../viz/sessionModel';
import { nextTask } from '../worker/nextTask';
import { findingMinSeqOf, leakIndexOf, prefixIndexOf, recordIndexOf, sessionOf, spanNoteOf } from './selectors';

/** Work the first render of a received analysis would do (memoised per analysis or session), done ahead of it. */
export type Preparer = (analysis: Analysis, session: string | null) => void;

const steps: Preparer[] = [
  (a) => recordIndexOf(a),
  (a, s) => {
    const session = sessionOf(a, s);
    if (session) prefixIndexOf(session);
  },
  (a, s) => {
    const session = sessionOf(a, s);
    if (session) leakIndexOf(session);
  },
  (a, s) => {
    findingMinSeqOf(a);
    // The session's facts: which inputs it spans (14 ms of a first render at a million records).
    const session = sessionOf(a, s);
    if (session) spanNoteOf(a.inputs)(session);
  },
  // The order model, the largest piece of a first render, in two steps: its record order, then the rest.
  (a, s) => {
    const session = sessionOf(a, s);
    if (session) recordOrderOf(session);
  },
  (a, s) => {
    const session = sessionOf(a, s);
    if (session) orderModelOf(session);
  },
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
export async function prepareInTasks(analysis: Analysis, session: string | null, stillWanted: () => boolean): Promise<boolean> {
  for (const step of steps) {
    await nextTask();
    if (!stillWanted()) return false;
    step(analysis, session);
  }
  await nextTask();
  return stillWanted();
}
