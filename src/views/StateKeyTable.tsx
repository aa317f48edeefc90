import { useState } from 'react';
import type { KeyRowSource } from '../state/keyRows';
import { formatCount } from './format';
import { KeyRows } from './StateKeyRows';
import { ShowAllToggle } from './ShowAllToggle';

/** Keys listed until asked for all; all of them are then laid out as they scroll into view (StateKeyRows.tsx). */
export const STATE_ROWS_SHOWN = 200;

/** Keyed by session where it is used: what was asked for of one session's keys (all, or those that differ) stays across cutoff steps, not into another session. */
export function KeyTable({ headers, source }: { headers: readonly [string, string]; source: KeyRowSource }) {
  const [all, setAll] = useState(false);
  const [onlyFlagged, setOnlyFlagged] = useState(false);
  const { count, flagged } = source;
  // The choice to see only flagged keys is offered past STATE_ROWS_SHOWN keys; below, every key is shown anyway.
  const only = onlyFlagged && count > STATE_ROWS_SHOWN;
  const baseCount = only ? flagged : count;
  const list = source.list(only);
  const shown = all ? list.length : Math.min(list.length, STATE_ROWS_SHOWN);
  // The panel holds two such tables: their buttons are told apart by the table they act on.
  const tableName = `${headers[0]} and ${headers[1]}`;
  return (
    <>
      <KeyRows headers={headers} list={list} shown={shown} />
      {count > STATE_ROWS_SHOWN && (
        <p className="muted state-more">
          {formatCount(shown)} of {formatCount(count)} keys shown
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
