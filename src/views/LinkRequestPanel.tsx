import { describeLinkProblem } from '../state/hashCheck';
import { dismissLink, openAnyway, provideLinkFiles } from '../state/linkLoader';
import { useStore } from '../state/store';
import { SHORT_HASH } from '../state/url';
import { FileButton } from './FileButton';
import { Marked } from './Marked';

/**
 * A permalink or an evidence bundle names its files by hash and never holds
 * them: this asks for them, checks each hash, and says plainly which file
 * does not match. The view is restored only from the very same files.
 */
/** Loaded on first use (see LinkRequest.tsx). */
export default function LinkRequestPanel() {
  const pending = useStore((s) => s.pendingLink);
  if (!pending) return null;
  const { bundle, expected, matched, problems } = pending;
  const missing = expected.filter((_, i) => !matched[i]).length;
  const given = matched.some(Boolean) || pending.rejected.length > 0;
  return (
    <main className="link-request">
      <section className="panel" aria-labelledby="link-title">
        <h2 id="link-title">{bundle ? 'Open the files this evidence bundle was made from' : 'Open the files this link shows'}</h2>
        <p>
          {bundle ? `The bundle was made ${bundle.generatedAt}. It` : 'The link'} names {expected.length === 1 ? 'one file' : `${expected.length} files`} by name and SHA-256;
          Seqscope never uploads files, so {bundle ? 'the bundle holds' : 'the link holds'} no log content. Open the same files (drop them here or choose them) and the
          view is restored exactly — after their hashes are checked.
        </p>
        <table className="grid link-files" aria-label="Files the link names">
          <thead>
            <tr>
              <th scope="col">File</th>
              <th scope="col">Role</th>
              <th scope="col">SHA-256 (start)</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {expected.map((e, i) => (
              <tr key={`${e.hash}-${i}`}>
                <td className="mono">
                  <Marked text={e.name} />
                </td>
                <td>{e.role === 'compare' ? 'comparison run' : 'input'}</td>
                <td>
                  <code>{e.hash.slice(0, SHORT_HASH)}</code>
                </td>
                <td>{matched[i] ? <span className="badge st-pass-badge">✓ matches</span> : <span className="muted">waiting</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {problems.length > 0 && (
          <ul className="link-problems status-error" role="alert" aria-label="Hash check">
            {problems.map((p, k) => (
              <li key={k}>
                <Marked text={describeLinkProblem(p)} />
              </li>
            ))}
          </ul>
        )}
        <div className="link-actions">
          <FileButton
            label={missing === expected.length ? 'Provide the files' : `Provide the ${missing === 1 ? 'missing file' : `${missing} missing files`}`}
            multiple
            primary
            onFiles={provideLinkFiles}
          />
          {pending.checking && <span role="status">Checking hashes…</span>}
          {given && (
            <button type="button" onClick={() => void openAnyway()} title="Open what was given; the link's view is not restored">
              Open the given files anyway
            </button>
          )}
          <button type="button" onClick={dismissLink}>
            Start over
          </button>
        </div>
      </section>
      {bundle && <BundleContents />}
    </main>
  );
}

/** What a bundle holds without its files: the cited lines and the report, readable as they are. */
function BundleContents() {
  const bundle = useStore((s) => s.pendingLink?.bundle);
  if (!bundle) return null;
  return (
    <section className="panel" aria-labelledby="bundle-title">
      <h2 id="bundle-title">In the bundle</h2>
      <p className="muted">
        {bundle.annotations.length} {bundle.annotations.length === 1 ? 'note' : 'notes'} · {bundle.cited.length} cited raw{' '}
        {bundle.cited.length === 1 ? 'line' : 'lines'}
        {bundle.citedTotal > bundle.cited.length ? ` of ${bundle.citedTotal}` : ''}. The notes join this browser's own once the files match.
      </p>
      <details>
        <summary>Cited raw lines</summary>
        <ul className="bundle-cited">
          {bundle.cited.map((c, k) => (
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
