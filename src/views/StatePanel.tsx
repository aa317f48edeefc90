import { useState } from 'react';
import type { SeqRecord, StateValue } from '../core/model';
import { placeLabel } from '../core/place';
import { canonicalJson } from '../core/canonical';
import { isUndetermined } from '../core/replay';
import { cutoffViewOf, recordIndexOf, sessionOf } from '../state/selectors';
import { useStore } from '../state/store';
import { clipChars, clipForDisplay, formatCount, formatValue, LABEL_CHARS } from './format';
import { RecordLink } from './RecordLink';
import { Marked } from './Marked';
import { ScrollX } from './ScrollX';

interface Row {
  readonly key: string;
  readonly left: StateValue | undefined;
  /** The left value is the acceptance replay's marker for an undecided key, not a value a log set. */
  readonly leftUndetermined: boolean;
  readonly leftSetter: SeqRecord | null;
  readonly right: StateValue | undefined;
  readonly rightSetter: SeqRecord | null;
  readonly flag: { readonly text: string; readonly severity: 'error' | 'warning' | 'info' } | null;
}

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
      {view && view.rows.length > 0 && (
        <KeyTable
          key={session.session}
          headers={[`Acceptance as of N = ${view.n}`, 'Storage prefix (file order)']}
          rows={view.rows.map((r) => ({
            key: r.key,
            left: r.acceptance,
            leftUndetermined: r.undetermined,
            leftSetter: r.acceptanceSetter,
            right: r.storage,
            rightSetter: r.storageSetter,
            // An unknown acceptance value decides nothing either way: the replays below and the report say so the same way.
            flag: r.undetermined ? { text: 'undetermined', severity: 'warning' } : r.differs ? { text: 'differs', severity: 'warning' } : null,
          }))}
        />
      )}
      {view && view.rows.length === 0 && <p className="muted">No accepted input sets any key in this session.</p>}
      {view && view.leakCount > 0 && <Leaks leaks={view.leaks} count={view.leakCount} n={view.n} />}
      {replays.length > 0 && (
        <>
          <h3 className="sub-head">Whole-session replays</h3>
          <KeyTable
            key={session.session}
            headers={['Acceptance replay', 'Storage replay']}
            rows={replays.map((k) => ({
              key: k.key,
              left: k.acceptance,
              leftUndetermined: isUndetermined(k),
              leftSetter: k.acceptanceSetter,
              right: k.storage,
              rightSetter: k.storageSetter,
              flag:
                // Without any acceptance order nothing was left undecided by a missing or shared number: there is no order to decide by.
                isUndetermined(k) && !session.ordering.hasAcceptanceOrder
                  ? { text: 'no order', severity: 'info' }
                  : isUndetermined(k)
                    ? { text: 'undetermined', severity: 'warning' }
                    : canonicalJson(k.acceptance) !== canonicalJson(k.storage)
                      ? { text: 'decision flip', severity: 'error' }
                      : null,
            }))}
          />
        </>
      )}
    </section>
  );
}

/**
 * Keys listed until asked for all: the table is laid out again at each step of the cutoff, and 20,000
 * keys made a step take a second where it takes a frame.
 */
export const STATE_ROWS_SHOWN = 200;

/** Keyed by session where it is used: what was asked for of one session's keys (all, or those that differ) stays across cutoff steps, not into another session. */
function KeyTable({ headers, rows }: { headers: readonly [string, string]; rows: readonly Row[] }) {
  const [all, setAll] = useState(false);
  const [onlyFlagged, setOnlyFlagged] = useState(false);
  const flagged = rows.length > STATE_ROWS_SHOWN ? rows.filter((r) => r.flag && r.flag.severity !== 'info') : rows;
  const base = onlyFlagged ? flagged : rows;
  const shown = all ? base : base.slice(0, STATE_ROWS_SHOWN);
  return (
    <>
      <KeyRows headers={headers} rows={shown} />
      {rows.length > STATE_ROWS_SHOWN && (
        <p className="muted state-more">
          {formatCount(shown.length)} of {formatCount(rows.length)} keys shown
          {onlyFlagged ? ', only those that differ or are undetermined' : `; ${formatCount(flagged.length)} ${flagged.length === 1 ? 'differs or is' : 'differ or are'} undetermined`}.{' '}
          {shown.length < base.length && (
            <button type="button" className="small" onClick={() => setAll(true)}>
              Show all {formatCount(base.length)}
            </button>
          )}{' '}
          {(flagged.length > 0 || onlyFlagged) && (
            <button type="button" className="small" aria-pressed={onlyFlagged} onClick={() => setOnlyFlagged(!onlyFlagged)}>
              {onlyFlagged ? 'Show every key' : 'Only keys that differ'}
            </button>
          )}
        </p>
      )}
    </>
  );
}

function KeyRows({ headers, rows }: { headers: readonly [string, string]; rows: readonly Row[] }) {
  return (
    <ScrollX label={`${headers[0]} and ${headers[1]}, scrolls sideways`}>
      <table className="grid state-table">
        <thead>
          <tr>
            <th scope="col">Key</th>
            <th scope="col">{headers[0]}</th>
            <th scope="col">{headers[1]}</th>
            <th scope="col">
              <span className="visually-hidden">Difference</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className={row.flag && row.flag.severity !== 'info' ? 'differs' : undefined}>
              <th scope="row" className="mono">
                <span className="state-key">
                  <Marked text={row.key} />
                </span>
              </th>
              <td>
                <Value value={row.left} undetermined={row.leftUndetermined} setter={row.leftSetter} />
              </td>
              <td>
                <Value value={row.right} undetermined={false} setter={row.rightSetter} />
              </td>
              <td>{row.flag && <span className={`badge sev-${row.flag.severity}`}>{row.flag.text}</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollX>
  );
}

function Value({ value, undetermined, setter }: { value: StateValue | undefined; undetermined: boolean; setter: SeqRecord | null }) {
  if (value === undefined) return <span className="muted">not set</span>;
  return (
    <span className={`value ${undetermined ? 'unknown' : ''}`}>
      <span className="mono">
        {/* The marker is said bare; a decided string "unknown" is quoted by formatValue, so the two never read alike. */}
        {undetermined ? 'unknown' : <Marked text={clipForDisplay(formatValue(value))} />}
      </span>
      {setter && (
        <span className="muted setter">
          {' '}
          · <Marked text={clipChars(String(setter.id), LABEL_CHARS)} />, <SetterPlace setter={setter} />
        </span>
      )}
    </span>
  );
}

function Leaks({ leaks, count, n }: { leaks: readonly SeqRecord[]; count: number; n: number }) {
  const analysis = useStore((s) => s.analysis);
  if (!analysis) return null;
  const index = recordIndexOf(analysis);
  return (
    <div className="leaks">
      <h3 className="sub-head leak-text">
        {count.toLocaleString('en-US')} future {count === 1 ? 'leak' : 'leaks'} in the storage prefix
      </h3>
      <p className="muted">Stored before the prefix ends but accepted after N = {n}: a reader trusting file position sees them too early.</p>
      <ul className="leak-list">
        {leaks.slice(0, 50).map((r) => (
          <li key={index.get(r)}>
            <RecordLink index={index.get(r)!} /> <span className="muted">accept_seq {r.acceptSeq}</span>
          </li>
        ))}
        {count > 50 && <li className="muted">…and {(count - 50).toLocaleString('en-US')} more</li>}
      </ul>
    </div>
  );
}

/** `line 5` or `item 5`, or `name:5` with several inputs open, where a bare line number would not say which file. */
function SetterPlace({ setter }: { setter: SeqRecord }) {
  const inputs = useStore((s) => s.analysis?.inputs);
  return <Marked text={placeLabel(inputs ?? [], setter.fileIndex, setter.line)} />;
}
