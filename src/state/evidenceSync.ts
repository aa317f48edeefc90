import { browserStorage, loadAnnotations, targetId } from './annotations';
import { clearComparison, recompare } from './compareLoader';
import { useStore } from './store';

/**
 * Follows the open analysis: loads the reviewer's notes kept for its inputs,
 * drops a warning about earlier files, and compares the new inputs with the
 * comparison run (or forgets it when everything was closed). Notes are
 * kept by file hash, so a large file's come once it is hashed, a moment
 * after its view; the notes shown by then stay.
 */
export function startEvidenceSync(): () => void {
  return useStore.subscribe((state, prev) => {
    const hashedNow = state.hashesSettled !== prev.hashesSettled && state.analysis === prev.analysis;
    if (state.analysis === prev.analysis && !hashedNow) return;
    const storage = browserStorage();
    const loaded = state.analysis && storage ? loadAnnotations(state.analysis, storage) : [];
    if (hashedNow) {
      const ids = new Set(loaded.map((a) => targetId(a.target)));
      useStore.setState({ annotations: [...loaded, ...state.annotations.filter((a) => !ids.has(targetId(a.target)))] });
      return;
    }
    useStore.setState({ annotations: loaded, linkWarning: [] });
    if (state.analysis) recompare();
    else clearComparison();
  });
}
