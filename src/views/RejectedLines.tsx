import { useStore } from '../state/store';
import { Marked } from './Marked';

/** Lines that could not become records, with their reasons; shown only when there are any. */
export function RejectedLines() {
  const inputs = useStore((s) => s.analysis?.inputs);
  const rows = inputs?.flatMap((input) => input.rejected.map((r) => ({ file: input.name, ...r }))) ?? [];
  if (rows.length === 0) return null;
  return (
    <section className="panel rejected" aria-labelledby="rejected-heading">
      <div className="panel-head">
        <h2 id="rejected-heading">Rejected lines</h2>
        <span className="muted">
          {rows.length} {rows.length === 1 ? 'line was' : 'lines were'} not read as records; every other line was.
        </span>
      </div>
      <ul className="rejected-list">
        {rows.slice(0, 500).map((r) => (
          <li key={`${r.file}:${r.line}`}>
            {inputs!.length > 1 && (
              <span className="mono loc">
                <Marked text={r.file} />:{' '}
              </span>
            )}
            <Marked text={/^line \d+/.test(r.reason) ? r.reason : `line ${r.line}: ${r.reason}`} />
          </li>
        ))}
        {rows.length > 500 && <li className="muted">…and {rows.length - 500} more</li>}
      </ul>
    </section>
  );
}
