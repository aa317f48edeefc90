import { sessionOf, spanNoteOf, unorderedReasonOf } from '../state/selectors';
import { useStore } from '../state/store';
import { formatCount } from './format';

/** The shown session's ordering evidence in one line, under either picker. */
export function SessionFacts() {
  const inputs = useStore((s) => s.analysis?.inputs);
  const current = useStore((s) => sessionOf(s.analysis, s.session));
  const span = current && inputs ? spanNoteOf(inputs)(current) : null;
  const unordered = current ? unorderedReasonOf(current) : null;
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
