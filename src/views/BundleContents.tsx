import { countOf } from './format';
import { useStore } from '../state/store';
import { Marked } from './Marked';


/**
 * What an evidence bundle holds without its files: its cited raw lines and its
 * report, readable as they are. Both quote the logs, so the panel says so;
 * someone deciding whether a bundle may be handed on must not read otherwise.
 */
export function BundleContents() {
  const bundle = useStore((s) => s.pendingLink?.bundle);
  if (!bundle) return null;
  const { cited, citedTotal, annotations } = bundle;
  return (
    <section className="panel" aria-labelledby="bundle-title">
      <h2 id="bundle-title">In the bundle</h2>
      <p className="muted">
        {countOf(cited.length, 'cited raw line')}
        {citedTotal > cited.length ? ` of ${citedTotal.toLocaleString('en-US')}` : ''} · {countOf(annotations.length, 'note')}. The lines and the report
        quote the logs as they are; the full files are not in the bundle. The notes join this browser's own once the files match.
      </p>
      <details>
        <summary>Cited raw lines</summary>
        <ul className="bundle-cited">
          {cited.map((c, k) => (
            <li key={k}>
              <span className="mono muted">
                <Marked text={`${c.file}:${c.line}`} />
              </span>
              <pre className="raw-line">
                <Marked text={c.text} layout />
              </pre>
            </li>
          ))}
        </ul>
      </details>
      <details>
        <summary>Markdown report</summary>
        <pre className="bundle-report">
          <Marked text={bundle.report} layout />
        </pre>
      </details>
    </section>
  );
}
