import { placeLabel } from '../core/place';
import { useStore } from '../state/store';
import { clipChars, LABEL_CHARS } from '../core/markdownText';
import { Marked } from './Marked';

/** A record named by id and location that selects it; the label is text, whatever the log says. */
export function RecordLink({ index, label }: { index: number; label?: string }) {
  const record = useStore((s) => s.analysis?.records[index]);
  const inputs = useStore((s) => s.analysis?.inputs);
  const selectRecord = useStore((s) => s.selectRecord);
  if (!record || !inputs) return null;
  const where = placeLabel(inputs, record.fileIndex, record.line);
  return (
    <button
      type="button"
      className="link-button record-link"
      onClick={() => selectRecord(index)}
    >
      <Marked text={label ?? clipChars(String(record.id), LABEL_CHARS)} />{' '}
      <span className="muted">
        (<Marked text={where} />)
      </span>
    </button>
  );
}
