import { clampCutoff, sessionOf } from '../state/selectors';
import { useStore } from '../state/store';

/** Shows another session at its last acceptance step: what both pickers do when a session is chosen. */
export function chooseSession(next: string): void {
  const { analysis, selectSession } = useStore.getState();
  selectSession(next, clampCutoff(sessionOf(analysis, next), null));
}
