import type { SeqRecord } from '../core/model';
import { placeLabel } from '../core/place';
import { cutoffViewOf, recordIndexOf, sessionOf } from '../state/selectors';
import { cutoffKeySource, replayKeySourceOf } from '../state/keyRows';
import { useStore } from '../state/store';
import { countOf, formatCount } from './format';
import { RecordLink } from './RecordLink';
import { Marked } from './Marked';
import { KeyTable } from './StateKeyTable';

/**
 * The acceptance state as of N beside what a reader trusting file position
 * would hold at the same point (the storage prefix), differing keys marked;
 * and the two whole-session replays, where a decision flip shows.
 */
export function StatePanel() {
  const analysis = useStore((s) => s.analysis);
  const session = sessionOf(analysis, useStore((s) => s.session));
  const n = useStore((s) => s.cutoff);
  if (!analysis || !session) return null;
  const view = n !== null ? cutoffViewOf(session, n) : null;
  const replays = session.replays.keys;
  return (
    <section className="panel state-panel" aria-labelledby="state-heading">
      <div className="panel-head">
        <h2 id="state-heading">State at cutoff</h2>
        {view ? (
          <span className="muted">
            acceptance order: inputs with accept_seq ≤ {view.n} · file order: the storage prefix
            {view.prefixLast ? (
              <>
                {' '}
                up to <Marked text={placeLabel(analysis.inputs, view.prefixLast.fileIndex, view.prefixLast.line)} />
              </>
            ) : (
              ' (empty)'
            )}
          </span>
        ) : (
          <span className="muted">no acceptance order in this session</span>
        )}
      </div>
      {view && view.keyState.listed > 0 && (
        <KeyTable key={session.session} headers={[`Acceptance as of N = ${view.n}`, 'Storage prefix (file order)']} source={cutoffKeySource(view)} />
      )}
      {view && view.keyState.listed === 0 && <p className="muted">No accepted input sets any key in this session.</p>}
      {view && view.leakCount > 0 && <Leaks leaks={view.leaks} count={view.leakCount} n={view.n} />}
      {!view && replays.length === 0 && <p className="muted">No input in this session sets a key, so there is no state to show in either order.</p>}
      {replays.length > 0 && (
        <>
          <h3 className="sub-head">Whole-session replays</h3>
          <KeyTable key={session.session} headers={['Acceptance replay', 'Storage replay']} source={replayKeySourceOf(session)} />
        </>
      )}
    </section>
  );
}

function Leaks({ leaks, count, n }: { leaks: readonly SeqRecord[]; count: number; n: number }) {
  const analysis = useStore((s) => s.analysis);
  if (!analysis) return null;
  const index = recordIndexOf(analysis);
  return (
    <div className="leaks">
      <h3 className="sub-head leak-text">
        {countOf(count, 'future leak')} in the storage prefix
      </h3>
      <p className="muted">Stored before the prefix ends but accepted after N = {n}: a reader trusting file position sees them too early.</p>
      <ul className="leak-list">
        {leaks.slice(0, 50).map((r) => (
          <li key={index.get(r)}>
            <RecordLink index={index.get(r)!} /> <span className="muted">accept_seq {r.acceptSeq}</span>
          </li>
        ))}
        {count > 50 && <li className="muted">…and {formatCount(count - 50)} more</li>}
      </ul>
    </div>
  );
}
