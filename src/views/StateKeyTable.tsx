import { useState } from 'react';
import type { SeqRecord, StateValue } from '../core/model';
import { placeLabel } from '../core/place';
import type { KeyRow, KeyRowSource } from '../state/keyRows';
import { useStore } from '../state/store';
import { clipForDisplay, formatCount, formatValue } from './format';
import { clipChars, LABEL_CHARS } from '../core/markdownText';
import { Marked } from './Marked';
import { ScrollX } from './ScrollX';
import { ShowAllToggle } from './ShowAllToggle';

/**
 * Keys listed until asked for all: the table is laid out again at each step of the cutoff, and 20,000
 * keys made a step take a second where it takes a frame.
 */
export const STATE_ROWS_SHOWN = 200;

/** Keyed by session where it is used: what was asked for of one session's keys (all, or those that differ) stays across cutoff steps, not into another session. */
export function KeyTable({ headers, source }: { headers: readonly [string, string]; source: KeyRowSource }) {
  const [all, setAll] = useState(false);
  const [onlyFlagged, setOnlyFlagged] = useState(false);
  const { count, flagged } = source;
  // The choice to see only flagged keys is offered past STATE_ROWS_SHOWN keys; below, every key is shown anyway.
  const only = onlyFlagged && count > STATE_ROWS_SHOWN;
  const baseCount = only ? flagged : count;
  const shown = source.rows(only, all ? Infinity : STATE_ROWS_SHOWN);
  // The panel holds two such tables: their buttons are told apart by the table they act on.
  const tableName = `${headers[0]} and ${headers[1]}`;
  return (
    <>
      <KeyRows headers={headers} rows={shown} />
      {count > STATE_ROWS_SHOWN && (
        <p className="muted state-more">
          {formatCount(shown.length)} of {formatCount(count)} keys shown
          {only ? ', only those that differ or are undetermined' : `; ${formatCount(flagged)} ${flagged === 1 ? 'differs or is' : 'differ or are'} undetermined`}.{' '}
          {baseCount > STATE_ROWS_SHOWN && (
            <ShowAllToggle all={all} onChange={setAll} showAll={`Show all ${formatCount(baseCount)} keys`} showFirst={`Show the first ${STATE_ROWS_SHOWN} keys`} label={tableName} />
          )}{' '}
          {(flagged > 0 || only) && (
            <button type="button" className="small" aria-pressed={only} aria-label={`${only ? 'Show every key' : 'Only keys that differ'}: ${tableName}`} onClick={() => setOnlyFlagged(!only)}>
              {only ? 'Show every key' : 'Only keys that differ'}
            </button>
          )}
        </p>
      )}
    </>
  );
}

function KeyRows({ headers, rows }: { headers: readonly [string, string]; rows: readonly KeyRow[] }) {
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

/** `line 5` or `item 5`, or `name:5` with several inputs open, where a bare line number would not say which file. */
function SetterPlace({ setter }: { setter: SeqRecord }) {
  const inputs = useStore((s) => s.analysis?.inputs);
  return <Marked text={placeLabel(inputs ?? [], setter.fileIndex, setter.line)} />;
}
