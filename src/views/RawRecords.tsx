import { useEffect, useMemo, useRef, useState } from 'react';
import type { SessionAnalysis } from '../core/analyze';
import type { SeqRecord } from '../core/model';
import { placeNoun } from '../core/place';
import { placeOf } from '../state/offsets';
import { rawRowCutoffOf, type RawRowCutoff } from '../state/rawRowCutoff';
import { useRawLinesVersion } from '../state/rawLines';
import { rawTextOf, recordIndexOf } from '../state/selectors';
import { useStore } from '../state/store';
import { kindLabel } from '../viz/categories';
import { boundaryTitle, placeBoundaries, rulesBetween, type PlacedBoundary } from '../viz/orderBoundaries';
import { formatCount } from './format';
import { Marked, marked } from './Marked';

const WINDOW = 400;
const RAW_CHARS = 180;

const CUTOFF_NOTE: Record<Exclude<RawRowCutoff, null>, string> = { 'future-leak': 'future leak', 'after-cutoff': 'after N' };
const CUTOFF_CLASS: Record<Exclude<RawRowCutoff, null>, string> = { 'future-leak': 'raw-leak', 'after-cutoff': 'raw-after' };

/** A rollback, compaction, aborted turn or deletion, in the row before the first record at or after its line (the order view's rules). */
function BoundaryRow({ boundary }: { boundary: PlacedBoundary }) {
  return (
    <tr className="raw-boundary">
      <td colSpan={7}>
        <strong>{boundary.name}</strong> · <Marked text={boundaryTitle(boundary)} />
      </td>
    </tr>
  );
}

/**
 * Records in storage order (the order of their files; a Codex rollout's
 * ordinal where it has one), with file, line and byte offset and the start of
 * each raw line: nothing deduplicated or resolved. Long lists show a window of rows around the selection. Given a
 * session, rows accepted after the cutoff are dimmed and its future leaks
 * named: this is the order a reader trusting file position goes by. Where
 * its inputs say the effective history changes, a separator row says so.
 */
export function RawRecords({ records, label, session = null }: { records: readonly SeqRecord[]; label: string; session?: SessionAnalysis | null }) {
  const analysis = useStore((s) => s.analysis);
  const n = useStore((s) => s.cutoff);
  const focus = useStore((s) => s.selection.focus);
  const revealToken = useStore((s) => s.revealToken);
  const selectRecord = useStore((s) => s.selectRecord);
  useRawLinesVersion();
  const [start, setStart] = useState(0);
  const selectedRow = useRef<HTMLTableRowElement>(null);
  const inputs = analysis?.inputs;
  const placed = useMemo(() => (session && inputs ? placeBoundaries(records, inputs, session.session) : []), [records, inputs, session]);
  const rules = useMemo(() => placed.filter((p) => p.rule).length, [placed]);
  const focusRecord = analysis && focus !== null ? analysis.records[focus] : undefined;
  const focusAt = useMemo(() => (focusRecord ? records.indexOf(focusRecord) : -1), [records, focusRecord]);
  useEffect(() => {
    if (focusAt >= 0 && (focusAt < start || focusAt >= start + WINDOW)) setStart(Math.max(0, focusAt - WINDOW / 4));
    // Only a reveal request moves the window; paging by hand stays where it is.
  }, [revealToken, focusAt]);
  useEffect(() => {
    selectedRow.current?.scrollIntoView({ block: 'nearest' });
  }, [revealToken, start]);
  if (!analysis) return null;
  const positions = recordIndexOf(analysis);
  const cutoffOf = session ? rawRowCutoffOf(session, n, positions) : () => null;
  const multi = analysis.inputs.length > 1;
  const shown = records.slice(start, start + WINDOW);
  return (
    <div className="raw-records">
      <p className="muted raw-caption">
        <Marked text={label} />: {formatCount(records.length)} records in file order{multi ? ', file by file' : ''}.
        {records.length > WINDOW && ` Rows ${formatCount(start + 1)}–${formatCount(start + shown.length)}.`}
        {session && n !== null && session.ordering.hasAcceptanceOrder && ` Rows accepted after N = ${n} are dimmed; future leaks are named.`}
        {rules > 0 && ` ${formatCount(rules)} ${rules === 1 ? 'boundary where the effective history changes is a row' : 'boundaries where the effective history changes are rows'} of their own.`}
      </p>
      <div className="raw-scroll scroll-x">
        <table className="grid raw-table" aria-label={`${label} in file order`}>
          <thead>
            <tr>
              <th scope="col" className="num">#</th>
              <th scope="col">{multi ? 'File:line' : placeNoun(analysis.inputs[0]) === 'item' ? 'Item' : 'Line'}</th>
              <th scope="col" className="num">Byte</th>
              <th scope="col">Kind</th>
              <th scope="col">Id</th>
              <th scope="col" className="num">accept_seq</th>
              <th scope="col">Raw text</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((r, k) => {
              const index = positions.get(r)!;
              const input = analysis.inputs[r.fileIndex];
              const byte = placeOf(analysis, r).byteOffset;
              const raw = rawTextOf(analysis, r).text.replace(/\s+/g, ' ');
              const selected = index === focus;
              const cut = cutoffOf(r);
              const className = [selected && 'selected', !r.accepted && 'unaccepted', cut && CUTOFF_CLASS[cut]].filter(Boolean).join(' ') || undefined;
              return [
                ...rulesBetween(placed, start + k, start + k).map((p, j) => <BoundaryRow key={`b${start + k}.${j}`} boundary={p} />),
                <tr key={index} ref={selected ? selectedRow : undefined} className={className} onClick={() => selectRecord(index)}>
                  <td className="num muted">{formatCount(start + k + 1)}</td>
                  <td className="mono">
                    {/* Named with what it shows: tabbing down the table, a screen reader heard '4, button' and no more. */}
                    <button
                      type="button"
                      className="link-button"
                      aria-pressed={selected}
                      aria-label={`Show ${multi ? `${marked(input?.name ?? '?')}:` : `${placeNoun(input)} `}${r.line}`}
                      onClick={() => selectRecord(index)}
                    >
                      {multi && <Marked text={`${input?.name ?? '?'}:`} />}
                      {r.line}
                    </button>
                  </td>
                  <td className="num mono">{byte === null ? '—' : formatCount(byte)}</td>
                  <td>{kindLabel(r)}</td>
                  <td className="mono">{r.hasId ? <Marked text={String(r.id)} /> : <span className="muted">no id</span>}</td>
                  <td className="num">
                    {r.kind === 'eval' ? '' : r.acceptSeq === null ? '—' : r.acceptSeq}
                    {cut && <span className={cut === 'future-leak' ? 'leak-text' : 'muted'}> · {CUTOFF_NOTE[cut]}</span>}
                    {/* Dimmed alone, a record the host never accepted would read like one accepted after N. */}
                    {!r.accepted && r.kind !== 'eval' && <span className="muted"> · not accepted</span>}
                  </td>
                  {/* The cell's width cuts most lines well before RAW_CHARS, so the tooltip is always there. */}
                  <td className="mono raw-cell" title={marked(raw.slice(0, 2000))}>
                    <Marked text={raw.length > RAW_CHARS ? `${raw.slice(0, RAW_CHARS - 1)}…` : raw} />
                  </td>
                </tr>,
              ];
            })}
            {start + shown.length === records.length && rulesBetween(placed, records.length, records.length).map((p, j) => <BoundaryRow key={`end${j}`} boundary={p} />)}
          </tbody>
        </table>
      </div>
      {records.length > WINDOW && (
        <div className="raw-paging">
          <button type="button" className="small" disabled={start === 0} onClick={() => setStart(Math.max(0, start - WINDOW))}>
            Earlier rows
          </button>
          <button type="button" className="small" disabled={start + WINDOW >= records.length} onClick={() => setStart(start + WINDOW)}>
            Later rows
          </button>
        </div>
      )}
    </div>
  );
}
