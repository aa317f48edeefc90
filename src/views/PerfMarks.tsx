import { useLayoutEffect } from 'react';
import { useStore } from '../state/store';
import { useWorkspaceChunk } from './workspaceChunk';

function measure(name: string, start: string): void {
  if (performance.getEntriesByName(start, 'mark').length === 0) return;
  performance.mark(`${name}:end`);
  performance.measure(name, start, `${name}:end`);
  performance.clearMarks(start);
}

/**
 * Rendered last, so its layout effects run after every view has committed
 * and drawn: the marks say when a full view or a cutoff step was on screen
 * (read by `npm run bench:page`).
 */
export function PerfMarks() {
  const analysis = useStore((s) => s.analysis);
  const cutoff = useStore((s) => s.cutoff);
  // An analysis that arrives before the views' code is on screen only when that code is.
  const viewsLoaded = useWorkspaceChunk().state === 'loaded';
  useLayoutEffect(() => {
    if (analysis && viewsLoaded) measure('seqscope:load-to-view', 'seqscope:load-start');
  }, [analysis, viewsLoaded]);
  useLayoutEffect(() => {
    measure('seqscope:cutoff-step', 'seqscope:cutoff-input');
  }, [cutoff]);
  return null;
}
