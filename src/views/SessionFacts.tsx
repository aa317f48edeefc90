import { useMemo } from 'react';
import { sessionSpanNote } from '../core/sessionFiles';
import { useStore } from '../state/store';
import { formatCount } from './format';

/** The shown session's ordering evidence in one line, under either picker. */
export function SessionFacts() {
  const sessions = useStore((s) => s.analysis?.sessions);
  const inputs = useStore((s) => s.analysis?.inputs);
  const session = useStore((s) => s.session);
  const current = useMemo(() => sessions?.find((s) => s.session === session), [sessions, session]);
  const span = useMemo(() => (current && inputs ? sessionSpanNote(current, inputs) : null), [current, inputs]);
  // Without an acceptance order, records the host did not accept (or of kinds not analysed) may still carry numbers.
  const numbered = useMemo(() => !!current && !current.ordering.hasAcceptanceOrder && current.records.some((r) => r.acceptSeq !== null), [current]);
  if (!current) return null;
  const { ordering } = current;
  return (
    <span className="muted session-facts">
      {formatCount(current.accepted)} accepted · {formatCount(current.unaccepted)} not accepted · {formatCount(ordering.inversions)}{' '}
      {ordering.inversions === 1 ? 'inversion' : 'inversions'}
      {ordering.duplicates.length > 0 ? ` · ${formatCount(ordering.duplicates.length)} shared accept_seq` : ''}
      {!ordering.hasAcceptanceOrder ? (numbered ? ' · no accepted record has accept_seq' : ' · no accept_seq at all') : ordering.missing.length > 0 ? ` · ${formatCount(ordering.missing.length)} without accept_seq` : ''}
      {span && <span className="session-span"> · {span}</span>}
    </span>
  );
}
