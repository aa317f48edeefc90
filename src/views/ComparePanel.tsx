import { lazy, Suspense } from 'react';
import { useStore } from '../state/store';

// The comparison's views load with the first comparison, so a page that never compares never fetches them.
const CompareContent = lazy(() => import('./CompareBody'));

/** The open inputs against another run, once one is chosen (see CompareBody.tsx). */
export function ComparePanel() {
  const comparing = useStore((s) => s.comparison !== null || s.comparisonLoad !== null);
  if (!comparing) return null;
  return (
    <Suspense fallback={<p role="status">Loading the comparison…</p>}>
      <CompareContent />
    </Suspense>
  );
}
