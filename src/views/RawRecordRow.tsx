import type { Ref } from 'react';
import type { Analysis } from '../core/analyze';
import type { SeqRecord } from '../core/model';
import { placeNoun } from '../core/place';
import type { RawRowCutoff } from '../state/rawRowCutoff';
import { rawTextOf } from '../state/selectors';
import { kindLabel } from '../viz/categories';
import { Marked, marked } from './Marked';
import { byteText, collapsedStart, CUTOFF_NOTE, NOT_ACCEPTED, seqText } from './rawRowTexts';

const RAW_CHARS = 180;
const TITLE_CHARS = 2000;

const CUTOFF_CLASS: Record<Exclude<RawRowCutoff, null>, string> = { 'future-leak': 'raw-leak', 'after-cutoff': 'raw-after' };

/**
 * One record of raw file order: its number in the table, place, byte offset, kind, id, accept number and the
 * start of its raw line. `k`, its place in the table's window, lets the table keep the row holding focus mounted.
 */
export function RawRecordRow({
  analysis,
  record: r,
  k,
  number,
  selected,
  rowRef,
  cut,
  onSelect,
}: {
  analysis: Analysis;
  record: SeqRecord;
  k: number;
  number: number;
  selected: boolean;
  rowRef: Ref<HTMLTableRowElement> | undefined;
  cut: RawRowCutoff;
  onSelect: () => void;
}) {
  const multi = analysis.inputs.length > 1;
  const input = analysis.inputs[r.fileIndex];
  const raw = collapsedStart(rawTextOf(analysis, r).text, TITLE_CHARS);
  const className = [selected && 'selected', !r.accepted && 'unaccepted', cut && CUTOFF_CLASS[cut]].filter(Boolean).join(' ') || undefined;
  return (
    <tr ref={rowRef} className={className} data-k={k} onClick={onSelect}>
      <td className="num muted">{number}</td>
      <td className="mono">
        {/* Named with what it shows: tabbing down the table, a screen reader heard '4, button' and no more. */}
        <button
          type="button"
          className="link-button"
          aria-pressed={selected}
          aria-label={`Show ${multi ? `${marked(input?.name ?? '?')}:` : `${placeNoun(input)} `}${r.line}`}
          onClick={onSelect}
        >
          {multi && <Marked text={`${input?.name ?? '?'}:`} />}
          {r.line}
        </button>
      </td>
      <td className="num mono">{byteText(analysis, r)}</td>
      <td>{kindLabel(r)}</td>
      <td className="mono">{r.hasId ? <Marked text={String(r.id)} /> : <span className="muted">no id</span>}</td>
      <td className="num">
        {seqText(r)}
        {cut && <span className={cut === 'future-leak' ? 'leak-text' : 'muted'}> · {CUTOFF_NOTE[cut]}</span>}
        {/* Dimmed alone, a record the host never accepted would read like one accepted after N. */}
        {!r.accepted && r.kind !== 'eval' && <span className="muted">{NOT_ACCEPTED}</span>}
      </td>
      {/* The cell's width cuts most lines well before RAW_CHARS, so the tooltip is always there. */}
      <td className="mono raw-cell" title={marked(raw.slice(0, TITLE_CHARS))}>
        <Marked text={raw.length > RAW_CHARS ? `${raw.slice(0, RAW_CHARS - 1)}…` : raw} />
      </td>
    </tr>
  );
}
