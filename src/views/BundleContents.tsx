import { useState, type ReactNode } from 'react';
import type { EvidenceBundle } from '../state/bundle';
import { useStore } from '../state/store';
import { clipForDisplay, countOf, formatCount } from './format';
import { Marked } from './Marked';
import { MoreToShow } from './ShowAllToggle';

/** A cited line is shown up to this many characters here (the bundle holds it whole), as the report quotes it. */
export const SHOWN_LINE_CHARS = 2000;
/** Cited lines shown before "Show all": 5,000 lines of 4 KB drawn at once put 20 MB of text in the page. */
export const FIRST_LINES = 200;

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
        {citedTotal > cited.length ? ` of ${formatCount(citedTotal)}` : ''} · {countOf(annotations.length, 'note')}. The lines and the report
        quote the logs as they are; the full files are not in the bundle. The notes join this browser's own once the files match.
      </p>
      <Folded summary="Cited raw lines">{() => <CitedLines cited={cited} />}</Folded>
      <Folded summary="Markdown report">
        {() => (
          <pre className="bundle-report">
            <Marked text={bundle.report} layout />
          </pre>
        )}
      </Folded>
    </section>
  );
}

/** A fold whose content is made when it is first opened: closed, a bundle of megabytes costs the page nothing. */
function Folded({ summary, children }: { summary: string; children: () => ReactNode }) {
  const [opened, setOpened] = useState(false);
  return (
    <details onToggle={(e) => e.currentTarget.open && setOpened(true)}>
      <summary>{summary}</summary>
      {opened && children()}
    </details>
  );
}

function CitedLines({ cited }: { cited: EvidenceBundle['cited'] }) {
  const [all, setAll] = useState(false);
  const shown = all ? cited : cited.slice(0, FIRST_LINES);
  return (
    <>
      <ul className="bundle-cited">
        {shown.map((c, k) => (
          <li key={k}>
            <span className="mono muted">
              <Marked text={`${c.file}:${c.line}`} />
            </span>
            <pre className="raw-line">
              <Marked text={clipForDisplay(c.text, SHOWN_LINE_CHARS, ' here; the bundle holds the whole line')} layout />
            </pre>
          </li>
        ))}
      </ul>
      {cited.length > FIRST_LINES && <MoreToShow all={all} onChange={setAll} total={cited.length} first={FIRST_LINES} noun="lines" />}
    </>
  );
}
