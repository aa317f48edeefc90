import { useStore } from '../state/store';
import { Marked } from './Marked';

/** A record named by id and location that selects it; the label is text, whatever the log says. */
export function RecordLink({ index, label }: { index: number; label?: string }) {
  const record = useStore((s) => s.analysis?.records[index]);
  const multi = useStore((s) => (s.analysis?.inputs.length ?? 0) > 1);
  const name = useStore((s) => (record ? s.analysis?.inputs[record.fileIndex]?.name : undefined));
  const selectRecord = useStore((s) => s.selectRecord);
  if (!record) return null;
  const where = multi ? `${name}:${record.line}` : `line ${record.line}`;
  return (
    <button
      type="button"
      className="link-button record-link"
      onClick={() => selectRecord(index)}
    >
      <Marked text={label ?? String(record.id)} />{' '}
      <span className="muted">
        (<Marked text={where} />)
      </span>
    </button>
  );
}
