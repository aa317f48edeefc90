import { memo, useEffect, useRef, type Ref } from 'react';
import type { Finding, ParsedInput, SeqRecord } from '../core/model';
import { placeLabel } from '../core/place';
import { focusOfFinding } from '../state/links';
import { useStore } from '../state/store';
import { FindingNote } from './FindingNote';
import { placesAndMore } from './format';
import { Marked } from './Marked';

/** Set by a key that chose a finding: the chosen row takes focus when it is there. */
let focusNextChosen = false;

/** Choosing a finding selects its records and focuses its subject, by click or by arrow key alike; `byKey`, its row then takes focus. */
export function chooseFinding(index: number, finding: Finding, records: readonly SeqRecord[], byKey = false): void {
  if (byKey) focusNextChosen = true;
  const valid = finding.recordIndex.filter((i) => i >= 0 && i < records.length);
  useStore.getState().selectFinding(index, valid, focusOfFinding(finding));
}

interface ItemProps {
  index: number;
  finding: Finding;
  selected: boolean;
  tabbable: boolean;
  dim: boolean;
  inputs: readonly ParsedInput[];
  records: readonly SeqRecord[];
  measure?: Ref<HTMLLIElement> | undefined;
  dataIndex?: number | undefined;
  posInSet?: number | undefined;
  setSize?: number | undefined;
}

/** One finding of the findings list: its severity, code, session, message and places, and its note. */
export const FindingItem = memo(function FindingItem({ index, finding, selected, tabbable, dim, inputs, records, measure, dataIndex, posInSet, setSize }: ItemProps) {
  const revealToken = useStore((s) => s.revealToken);
  const ref = useRef<HTMLLIElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!selected) return;
    ref.current?.scrollIntoView({ block: 'nearest' });
    // Chosen by key: focus follows the choice, also when the row mounts only once scrolled to (End in a long list).
    if (focusNextChosen) {
      focusNextChosen = false;
      button.current?.focus();
    }
  }, [selected, revealToken]);
  const where = placesAndMore(finding.records, (r, k) => placeLabel(inputs, records[finding.recordIndex[k]!]?.fileIndex ?? 0, r.line));
  return (
    <li
      ref={(el) => {
        ref.current = el;
        if (typeof measure === 'function') measure(el);
      }}
      data-index={dataIndex}
      aria-posinset={posInSet}
      aria-setsize={setSize}
      className={`finding${selected ? ' selected' : ''}${dim ? ' after-cutoff' : ''}`}
    >
      <button ref={button} type="button" aria-pressed={selected} tabIndex={tabbable ? 0 : -1} onClick={() => chooseFinding(index, finding, records)}>
        <span className="finding-head">
          <span className={`sev-dot sev-${finding.severity}`} aria-hidden="true" />
          {/* The dot and the group heading say the severity to the eye; arrowing from finding to finding never passes the heading. */}
          <span className="visually-hidden">{finding.severity}: </span>
          <code className="finding-code">{finding.code}</code>
          {finding.session !== null && (
            <span className="finding-session muted">
              <Marked text={finding.session} />
            </span>
          )}
        </span>
        <span className="finding-message">
          <Marked text={finding.message} />
        </span>
        <span className="finding-where muted">
          <Marked text={where} />
        </span>
        {dim && <span className="visually-hidden"> Dimmed: every record it names was accepted after the cutoff N.</span>}
      </button>
      <FindingNote index={index} />
    </li>
  );
});
