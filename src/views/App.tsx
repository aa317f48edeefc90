import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { useStore } from '../state/store';
import { DropTarget } from './DropTarget';
import { EmptyState } from './EmptyState';
import { LinkRequest } from './LinkRequest';
import { LinkWarning } from './LinkWarning';
import { LoadControls } from './LoadControls';
import { PerfMarks } from './PerfMarks';
import { StatusLine } from './StatusLine';
import { loadWorkspace, useWorkspaceChunk } from './workspaceChunk';

export function App() {
  const hasAnalysis = useStore((s) => s.analysis !== null);
  const waitingForFiles = useStore((s) => s.pendingLink !== null);
  const loading = useStore((s) => s.status === 'loading');
  useEffect(() => {
    if (loading || hasAnalysis) void loadWorkspace();
  }, [loading, hasAnalysis]);
  const topbar = useRef<HTMLElement>(null);
  useTopbarHeight(topbar);
  return (
    <DropTarget>
      <header className="topbar" ref={topbar}>
        <h1 className="brand">
          Seqscope <span className="muted">order inspector</span>
        </h1>
        <LoadControls />
      </header>
      <StatusLine />
      <LinkWarning />
      {waitingForFiles ? <LinkRequest /> : hasAnalysis ? <AnalysedViews /> : <EmptyState />}
      <PerfMarks />
    </DropTarget>
  );
}

/**
 * The sticky top bar's height, as `--topbar-height` on the document, which
 * the page's scroll padding reads: whatever scrolls a row, a record or a
 * finding into view (the browser's own scrollIntoView, a keyboard move in a
 * list) stops it below the bar instead of under it. The bar wraps to two
 * rows on a phone, so its height is measured, not assumed.
 */
function useTopbarHeight(topbar: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const el = topbar.current;
    if (!el) return;
    const root = document.documentElement;
    const set = () => root.style.setProperty('--topbar-height', `${Math.ceil(el.getBoundingClientRect().height)}px`);
    set();
    const observer = new ResizeObserver(set);
    observer.observe(el);
    return () => observer.disconnect();
  }, [topbar]);
}

/** The views of an analysis, once their code is here; the analysis waits in the store meanwhile. */
function AnalysedViews() {
  const chunk = useWorkspaceChunk();
  if (chunk.state === 'loaded') return <chunk.Workspace />;
  if (chunk.state === 'failed') {
    return (
      <p className="workspace" role="alert">
        The views could not be loaded ({chunk.message}). The inputs are read and analysed; reload the page to see them.
      </p>
    );
  }
  return (
    <p className="workspace muted" role="status">
      Preparing the views…
    </p>
  );
}
