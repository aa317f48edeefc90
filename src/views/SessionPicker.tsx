import { useId, useMemo } from 'react';
import { clampCutoff, sessionOf } from '../state/selectors';
import { useStore } from '../state/store';
import { formatCount } from './format';
import { marked } from './Marked';

export function SessionPicker() {
  const id = useId();
  const sessions = useStore((s) => s.analysis?.sessions);
  const session = useStore((s) => s.session);
  const selectSession = useStore((s) => s.selectSession);
  // Built once per analysis: with 50,000 sessions, making every option again took a second at each change of session.
  const options = useMemo(
    () =>
      sessions?.map((s) => (
        <option key={s.session} value={s.session}>
          {marked(s.session)} ({formatCount(s.records.length)} {s.records.length === 1 ? 'record' : 'records'})
        </option>
      )),
    [sessions],
  );
  if (!sessions || sessions.length === 0) return null;
  const current = sessions.find((s) => s.session === session);
  return (
    <div className="session-picker">
      <label htmlFor={id}>Session</label>
      <select
        id={id}
        value={session ?? ''}
        onChange={(e) => {
          const next = e.currentTarget.value;
          const analysis = useStore.getState().analysis;
          selectSession(next, clampCutoff(sessionOf(analysis, next), null));
        }}
      >
        {options}
      </select>
      {current && (
        <span className="muted session-facts">
          {formatCount(current.accepted)} accepted · {formatCount(current.unaccepted)} not accepted · {formatCount(current.ordering.inversions)}{' '}
          {current.ordering.inversions === 1 ? 'inversion' : 'inversions'}
          {current.ordering.duplicates.length > 0 ? ` · ${formatCount(current.ordering.duplicates.length)} shared accept_seq` : ''}
          {!current.ordering.hasAcceptanceOrder
            ? ' · no accept_seq at all'
            : current.ordering.missing.length > 0
              ? ` · ${formatCount(current.ordering.missing.length)} without accept_seq`
              : ''}
        </span>
      )}
    </div>
  );
}
