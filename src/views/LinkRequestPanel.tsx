import type { EvidenceBundle } from '../state/bundle';
import { describeLinkProblem } from '../state/hashCheck';
import { dismissLink, openAnyway, provideLinkFiles } from '../state/linkLoader';
import { useStore } from '../state/store';
import { PASTED_KEPT_BYTES, type PastedEntry } from '../state/pastedTexts';
import { SHORT_HASH } from '../state/url';
import { BundleContents } from './BundleContents';
import { FileButton } from './FileButton';
import { countOf, formatBytes, formatCount } from './format';
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
  const their = expected.length === 1 ? 'its' : 'their';
  return (
    <main className="link-request">
      <section className="panel" aria-labelledby="link-title">
        <h2 id="link-title">{bundle ? 'Open the files this evidence bundle was made from' : 'Open the files this link shows'}</h2>
        <p>
          {bundle ? bundleHolds(bundle, expected.length) : `The link names ${filesPhrase(expected.length)} by name and SHA-256 and holds none of ${their} lines: Seqscope never uploads files.`}{' '}
          Open the same files (drop them here or choose them) and the view is restored exactly — after their hashes are checked.
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
                <td>
                  {matched[i] ? (
                    <span className="badge st-pass-badge">✓ matches</span>
                  ) : (
                    <span className="muted">{pending.pastedNotKept[i] ? 'paste it again' : 'waiting'}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <PastedNotKept entries={pending.pastedNotKept.filter((p, i): p is PastedEntry => p !== null && !matched[i])} />
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

const filesPhrase = (count: number) => (count === 1 ? 'one file' : `${formatCount(count)} files`);

/** What a bundle holds and what it does not, for someone deciding whether it may be handed on: it quotes the logs, but is not them. */
function bundleHolds(bundle: EvidenceBundle, count: number): string {
  const itself = count === 1 ? 'the file itself' : 'the files themselves';
  const made = `The bundle was made ${bundle.generatedAt}. It names ${filesPhrase(count)} by name and SHA-256 but does not hold ${itself}.`;
  const n = bundle.cited.length;
  if (n === 0) return `${made} It does hold log content: a Markdown report that quotes the logs (below).`;
  const lines = countOf(n, 'raw line');
  return `${made} It does hold log content: ${lines} that its findings, selection and notes cite, and a Markdown report that quotes the logs (both below).`;
}

/**
 * Pasted text has no file to choose again, and text over what the tab keeps
 * did not survive the reload: the only way back is to paste it again.
 */
function PastedNotKept({ entries }: { entries: readonly PastedEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <div className="link-pasted" role="note" aria-label="Pasted text to paste again">
      {entries.map((e, k) => (
        <p key={k}>
          <Marked text={e.name} /> was text pasted in this tab ({formatBytes(e.bytes)}). Pasted text comes back after a reload only up to{' '}
          {formatBytes(PASTED_KEPT_BYTES)} in all, the newest first, and only as far as the browser agrees to keep it; this text was not kept: paste it again (Ctrl+V or ⌘V anywhere on the page, or{' '}
          <em>Paste text</em>) and the view is restored once its hash matches.
        </p>
      ))}
    </div>
  );
}
