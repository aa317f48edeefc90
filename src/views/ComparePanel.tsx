import { Suspense } from 'react';
import { useStore } from '../state/store';
import { LazyBoundary, lazyChunk } from './LazyBoundary';

// The comparison's views load with the first comparison, so a page that never compares never fetches them.
const CompareContent = lazyChunk(() => import('./CompareBody'));

/** The open inputs against another run, once one is chosen (see CompareBody.tsx). */
export function ComparePanel() {
  const comparing = useStore((s) => s.comparison !== null || s.comparisonLoad !== null);
  if (!comparing) return null;
  return (
    <LazyBoundary fallback={(m) => <p role="alert">The comparison could not be loaded ({m}); reload the page to compare.</p>}>
      <Suspense fallback={<p role="status">Loading the comparison…</p>}>
        <CompareContent />
      </Suspense>
    </LazyBoundary>
  );
}
