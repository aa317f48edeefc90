import { useState } from 'react';
import type { Analysis } from '../core/analyze';
import { locationOf } from '../state/selectors';
import { useStore } from '../state/store';
import { kindLabel } from '../viz/categories';
import { formatCount } from './format';
import { clipChars, LABEL_CHARS } from '../core/markdownText';
import { Marked } from './Marked';
import { ShowAllToggle } from './ShowAllToggle';

/** Chips for a finding's records until asked for all: a finding naming 5,000 records took 0.8 s to choose. */
export const CHIPS_SHOWN = 50;

/** The records a finding selected, one chip each to show it; the focused one is always among those listed. */
export function SelectionChips({ analysis, records, focus }: { analysis: Analysis; records: readonly number[]; focus: number | null }) {
  const focusRecord = useStore((s) => s.focusRecord);
  const [all, setAll] = useState(false);
  const first = all ? records : records.slice(0, CHIPS_SHOWN);
  const shown = focus === null || first.includes(focus) || !records.includes(focus) ? first : [...first, focus];
  return (
    <div className="selection-chips" role="group" aria-label="Selected records">
      {shown.map((i) => {
        const r = analysis.records[i]!;
        return (
          <button key={i} type="button" className={`chip${i === focus ? ' current' : ''}`} aria-pressed={i === focus} onClick={() => focusRecord(i)}>
            {kindLabel(r)} <Marked text={clipChars(String(r.id), LABEL_CHARS)} />{' '}
            <span className="muted">
              <Marked text={locationOf(analysis, r)} />
            </span>
          </button>
        );
      })}
      {records.length > CHIPS_SHOWN && (
        <ShowAllToggle all={all} onChange={setAll} showAll={`Show all ${formatCount(records.length)} records`} showFirst={`Show the first ${CHIPS_SHOWN} records`} />
      )}
    </div>
  );
}
