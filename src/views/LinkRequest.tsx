import { Suspense } from 'react';
import { useStore } from '../state/store';
import { LazyBoundary, lazyChunk } from './LazyBoundary';

// Only a permalink or an evidence bundle opened without its files needs this panel; it loads then.
const LinkRequestPanel = lazyChunk(() => import('./LinkRequestPanel'));

/** The files a link or bundle names, asked for and checked (see LinkRequestPanel.tsx). */
export function LinkRequest() {
  const waiting = useStore((s) => s.pendingLink !== null);
  if (!waiting) return null;
  return (
    <LazyBoundary fallback={(m) => <p role="alert">The panel that asks for this link's files could not be loaded ({m}); reload the page.</p>}>
      <Suspense fallback={<p role="status">Loading…</p>}>
        <LinkRequestPanel />
      </Suspense>
    </LazyBoundary>
  );
}
