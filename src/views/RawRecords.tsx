import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { SessionAnalysis } from '../core/analyze';
import type { SeqRecord } from '../core/model';
import { placeNoun } from '../core/place';
import { rawRowCutoffOf, type RawRowCutoff } from '../state/rawRowCutoff';
import { useRawLinesVersion } from '../state/rawLines';
import { rawTextOf, recordIndexOf } from '../state/selectors';
import { useStore } from '../state/store';
import { kindLabel } from '../viz/categories';
import { boundaryTitle, placeBoundaries, type PlacedBoundary } from '../viz/orderBoundaries';
import { formatCount } from './format';
import { Marked, marked } from './Marked';
import { RawGoToLine } from './RawGoToLine';
import { mountedRows, RAW_ROW_PX, topRowRevealing, WINDOW, windowAround, windowRows } from './rawRowWindow';
import { byteText, columnChars, CUTOFF_NOTE, NOT_ACCEPTED, seqText, widthOf } from './rawRowTexts';

const RAW_CHARS = 180;

const CUTOFF_CLASS: Record<Exclude<RawRowCutoff, null>, string> = { 'future-leak': 'raw-leak', 'after-cutoff': 'raw-after' };

/** A rollback, compaction, aborted turn or deletion, in the row before the first record at or after its line (the order view's rules). */
function BoundaryRow({ boundary }: { boundary: PlacedBoundary }) {
  const title = boundaryTitle(boundary);
  return (
    <tr className="raw-boundary">
      <td colSpan={7}>
        {/* One line like every row (the rows mounted follow from a fixed row height); the tooltip has what the width cuts. */}
        <div className="raw-boundary-text" title={`${boundary.name} · ${marked(title)}`}>
          <strong>{boundary.name}</strong> · <Marked text={title} />
        </div>
      </td>
    </tr>
  );
}

/** Stands for the rows not mounted above or below those in view, at their height. */
function SpacerRow({ rows }: { rows: number }) {
  return rows > 0 ? (
    <tr className="raw-spacer" aria-hidden="true">
      <td colSpan={7} style={{ height: rows * RAW_ROW_PX }} />
    </tr>
  ) : null;
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
  const selectedRow = useRef<HTMLTableRowElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const revealPending = useRef(true);
  const inputs = analysis?.inputs;
  const placed = useMemo(() => (session && inputs ? placeBoundaries(records, inputs, session.session) : []), [records, inputs, session]);
  const rules = useMemo(() => placed.filter((p) => p.rule).length, [placed]);
  const focusRecord = analysis && focus !== null ? analysis.records[focus] : undefined;
  const focusAt = useMemo(() => (focusRecord ? records.indexOf(focusRecord) : -1), [records, focusRecord]);
  // Mounted around the selection: starting at the top and moving in an effect rendered the table twice.
  const [start, setStart] = useState(() => windowAround(focusAt, 0));
  const rows = useMemo(() => windowRows(placed, start, Math.min(WINDOW, records.length - start), records.length), [placed, start, records.length]);
  const selectedAt = focusAt < 0 ? -1 : rows.findIndex((row) => 'k' in row && start + row.k === focusAt);
  const [topRow, setTopRow] = useState(() => topRowRevealing(selectedAt, 0));
  useLayoutEffect(() => {
    setStart((at) => windowAround(focusAt, at));
    // Only a reveal request moves the window; paging by hand stays where it is.
  }, [revealToken, focusAt]);
  useLayoutEffect(() => {
    const box = scroller.current;
    if (!box) return;
    const current = Math.floor(box.scrollTop / RAW_ROW_PX);
    const next = topRowRevealing(selectedAt, current);
    if (next !== current) box.scrollTop = next * RAW_ROW_PX;
    setTopRow(next);
    revealPending.current = true;
    // Scrolling by hand moves only the rows mounted, never back to the selection.
  }, [revealToken, start]);
  useLayoutEffect(() => {
    // After the rows around the selection are mounted: for the page around the table, which may have to scroll too.
    if (!revealPending.current || !selectedRow.current) return;
    revealPending.current = false;
    selectedRow.current.scrollIntoView({ block: 'nearest' });
  });
  // Once per window and cutoff, not at each scroll step.
  const chars = useMemo(() => {
    if (!analysis) return [];
    const shownHere = records.slice(start, start + WINDOW);
    const cutOf = session ? rawRowCutoffOf(session, n, recordIndexOf(analysis)) : () => null;
    return columnChars(analysis, shownHere, start + shownHere.length, analysis.inputs.length > 1, cutOf);
  }, [analysis, records, start, session, n]);
  if (!analysis) return null;
  const positions = recordIndexOf(analysis);
  const cutoffOf = session ? rawRowCutoffOf(session, n, positions) : () => null;
  const multi = analysis.inputs.length > 1;
  const shown = records.slice(start, start + WINDOW);
  const mounted = mountedRows(rows.length, topRow);
  return (
    <div className="raw-records">
      <p className="muted raw-caption">
        <Marked text={label} />: {formatCount(records.length)} records in file order{multi ? ', file by file' : ''}.
        {records.length > WINDOW && ` Rows ${formatCount(start + 1)}–${formatCount(start + shown.length)}.`}
        {session && n !== null && session.ordering.hasAcceptanceOrder && ` Rows accepted after N = ${n} are dimmed; future leaks are named.`}
        {rules > 0 && ` ${formatCount(rules)} ${rules === 1 ? 'boundary where the effective history changes is a row' : 'boundaries where the effective history changes are rows'} of their own.`}
      </p>
      <RawGoToLine records={records} session={session} />
      <div ref={scroller} className="raw-scroll scroll-x" onScroll={(e) => setTopRow(Math.floor(e.currentTarget.scrollTop / RAW_ROW_PX))}>
        <table className="grid raw-table" aria-label={`${label} in file order`}>
          <thead>
            <tr>
              <th scope="col" className="num" style={widthOf(chars[0])}>#</th>
              <th scope="col" style={widthOf(chars[1])}>{multi ? 'File:line' : placeNoun(analysis.inputs[0]) === 'item' ? 'Item' : 'Line'}</th>
              <th scope="col" className="num" style={widthOf(chars[2])}>Byte</th>
              <th scope="col" style={widthOf(chars[3])}>Kind</th>
              <th scope="col" style={widthOf(chars[4])}>Id</th>
              <th scope="col" className="num" style={widthOf(chars[5])}>accept_seq</th>
              <th scope="col">Raw text</th>
            </tr>
          </thead>
          <tbody>
            <SpacerRow rows={mounted.from} />
            {rows.slice(mounted.from, mounted.to).map((row) => {
              if (!('k' in row)) return <BoundaryRow key={row.key} boundary={row.boundary} />;
              const k = row.k;
              const r = shown[k]!;
              const index = positions.get(r)!;
              const input = analysis.inputs[r.fileIndex];
              const raw = rawTextOf(analysis, r).text.replace(/\s+/g, ' ');
              const selected = index === focus;
              const cut = cutoffOf(r);
              const className = [selected && 'selected', !r.accepted && 'unaccepted', cut && CUTOFF_CLASS[cut]].filter(Boolean).join(' ') || undefined;
              return (
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
                  <td className="mono raw-cell" title={marked(raw.slice(0, 2000))}>
                    <Marked text={raw.length > RAW_CHARS ? `${raw.slice(0, RAW_CHARS - 1)}…` : raw} />
                  </td>
                </tr>
              );
            })}
            <SpacerRow rows={rows.length - mounted.to} />
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
