import { browserStorage, loadAnnotations } from './annotations';
import { clearComparison, recompare } from './compareLoader';
import { useStore } from './store';

/**
 * Follows the open analysis: loads the reviewer's notes kept for its inputs,
 * drops a warning about earlier files, and compares the new inputs with the
 * comparison run (or forgets it when everything was closed).
 */
export function startEvidenceSync(): () => void {
  return useStore.subscribe((state, prev) => {
    if (state.analysis === prev.analysis) return;
    const storage = browserStorage();
    const annotations = state.analysis && storage ? loadAnnotations(state.analysis, storage) : [];
    useStore.setState({ annotations, linkWarning: [] });
    if (state.analysis) recompare();
    else clearComparison();
  });
}
