import type { Analysis } from '../core/analyze';
import { findingMinSeqOf, leakIndexOf, prefixIndexOf, recordIndexOf, sessionOf } from './selectors';

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
  (a) => findingMinSeqOf(a),
];

/** Adds a step (the views' own models, which this layer cannot name). */
export function prepareBeforeShowing(step: Preparer): void {
  steps.push(step);
}

/** A task boundary that a hidden tab does not stretch to a second: its timers are throttled, its messages are not. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(null);
  });
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
