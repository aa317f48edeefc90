import { Suspense, useId } from 'react';
import { useStore } from '../state/store';
import { LazyBoundary, lazyChunk } from './LazyBoundary';
import { SessionFacts } from './SessionFacts';
import { SessionSelect } from './SessionSelect';

/**
 * Up to this many sessions the picker is a native select. A change of session
 * with a select of 1,000 options is as fast as with 100 (one frame, about
 * 23 ms from the change to the next frame); from 5,000 the select's own layout
 * shows (62 ms at 5,000, 112 at 10,000, 424 at 50,000), and nobody scrolls a
 * list that long to find a name anyway. Above it the picker is searched.
 */
export const SELECT_UP_TO = 1_000;

/** Only files of many sessions need the searched picker: it loads with the first of them, not with the page. */
const SessionCombobox = lazyChunk(() => import('./SessionCombobox').then((m) => ({ default: m.SessionCombobox })));

export function SessionPicker() {
  const id = useId();
  const count = useStore((s) => s.analysis?.sessions.length ?? 0);
  if (count === 0) return null;
  return (
    <div className="session-picker">
      <label htmlFor={id}>Session</label>
      {count > SELECT_UP_TO ? (
        // Should the search fail to load, the select still works, only slower with this many sessions.
        <LazyBoundary fallback={() => <SessionSelect id={id} />}>
          <Suspense fallback={<input id={id} disabled placeholder="Loading the session search…" />}>
            <SessionCombobox id={id} />
          </Suspense>
        </LazyBoundary>
      ) : (
        <SessionSelect id={id} />
      )}
      <SessionFacts />
    </div>
  );
}
