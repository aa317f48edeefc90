import { AnalysisError } from '../worker/client';
import type { AlreadyOpen, SourceFile } from '../worker/protocol';
import { alreadyOpenMessage } from './alreadyOpen';
import type { Notice, Origin } from './inputsSlice';
import { useStore } from './store';

/** What the page says of each file left out because the same log is already open (the worker compares them as it reads, worker/sameOpenLog.ts). */
export function alreadyOpenNotices(already: readonly AlreadyOpen[]): Notice[] {
  return already.map((a) => ({ message: alreadyOpenMessage(a), alert: false }));
}

/** What was open before a load started, to go back to if it does not finish. */
export interface Before {
  readonly sources: readonly SourceFile[];
  readonly origin: Origin | null;
}

/**
 * A load that did not finish: cancelled, the worker died, or the reader
 * refused every file. The inputs open before stay open, with their analysis
 * on screen, and the page says what happened.
 */
export function loadFailed(before: Before, e: unknown): void {
  const s = useStore.getState();
  s.restoreInputs(before.sources, before.origin);
  const kept = s.analysis ? ' The inputs open before are unchanged.' : '';
  if (e instanceof AnalysisError && e.kind === 'cancelled') {
    s.addNotices([{ message: `Loading was cancelled.${kept}`, alert: false }]);
    return;
  }
  const message = e instanceof Error ? e.message : String(e);
  s.setError({ file: e instanceof AnalysisError ? e.file : null, message: `${message}${message.endsWith('.') ? '' : '.'}${kept}` });
}
