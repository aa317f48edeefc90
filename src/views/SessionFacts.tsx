import { useMemo } from 'react';
import { acceptSeqCarriers, noAcceptanceOrderReason } from '../core/orderingFindings';
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
  const unordered = useMemo(() => (current && !current.ordering.hasAcceptanceOrder ? noAcceptanceOrderReason(acceptSeqCarriers(current.records)) : null), [current]);
  if (!current) return null;
  const { ordering } = current;
  return (
    <span className="muted session-facts">
      {formatCount(current.accepted)} accepted · {formatCount(current.unaccepted)} not accepted · {formatCount(ordering.inversions)}{' '}
      {ordering.inversions === 1 ? 'inversion' : 'inversions'}
      {ordering.duplicates.length > 0 ? ` · ${formatCount(ordering.duplicates.length)} shared accept_seq` : ''}
      {unordered !== null ? ` · ${unordered}` : ordering.missing.length > 0 ? ` · ${formatCount(ordering.missing.length)} without accept_seq` : ''}
      {span && <span className="session-span"> · {span}</span>}
    </span>
  );
}
