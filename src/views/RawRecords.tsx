import { useCallback, useLayoutEffect, useMemo, useRef, useState, type FocusEvent } from 'react';
import type { SessionAnalysis } from '../core/analyze';
import type { SeqRecord } from '../core/model';
import { placeNoun } from '../core/place';
import { rawRowCutoffOf } from '../state/rawRowCutoff';
import { useRawLinesVersion } from '../state/rawLines';
import { recordIndexOf } from '../state/selectors';
import { useStore } from '../state/store';
import { boundaryTitle, placeBoundaries, type PlacedBoundary } from '../viz/orderBoundaries';
import { formatCount } from './format';
import { Marked, marked } from './Marked';
import { RawGoToLine } from './RawGoToLine';
import { mountedRuns, RAW_ROW_PX, topRowRevealing, WINDOW, windowAround, windowRows } from './rawRowWindow';
import { RawRecordRow } from './RawRecordRow';
import { useSidewaysEdges } from './useSidewaysEdges';
import { columnChars, widthOf } from './rawRowTexts';

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
  // The box as state too, so the shades' watch starts when it is mounted, whichever render that is.
  const [scrollBox, setScrollBox] = useState<HTMLDivElement | null>(null);
  const scrollerRef = useCallback((el: HTMLDivElement | null) => {
    scroller.current = el;
    setScrollBox(el);
  }, []);
  const edges = useSidewaysEdges(scrollBox);
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
  // The row holding keyboard focus (its place in the window it was focused in), kept mounted however far the table scrolls.
  const [focused, setFocused] = useState<{ start: number; k: number } | null>(null);
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
  const keptRow = focused && focused.start === start ? rows.findIndex((row) => 'k' in row && row.k === focused.k) : -1;
  const runs = mountedRuns(rows.length, topRow, keptRow);
  const lastMounted = runs[runs.length - 1]!.to;
  const keepFocused = (e: FocusEvent) => {
    const tr = (e.target as HTMLElement).closest('tr[data-k]');
    setFocused(tr instanceof HTMLElement ? { start, k: Number(tr.dataset.k) } : null);
  };
  const dropFocused = (e: FocusEvent) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(null);
  };
  return (
    <div className="raw-records">
      <p className="muted raw-caption">
        <Marked text={label} />: {formatCount(records.length)} records in file order{multi ? ', file by file' : ''}.
        {records.length > WINDOW && ` Rows ${start + 1}–${start + shown.length}.`}
        {session && n !== null && session.ordering.hasAcceptanceOrder && ` Rows accepted after N = ${n} are dimmed; future leaks are named.`}
        {rules > 0 && ` ${formatCount(rules)} ${rules === 1 ? 'boundary where the effective history changes is a row' : 'boundaries where the effective history changes are rows'} of their own.`}
      </p>
      <RawGoToLine records={records} session={session} />
      {/* A shade over each side with more to scroll to: at a phone's width the table was cut at the Raw text column with no sign that it scrolls. */}
      <div className="raw-scroll-frame" data-more-left={edges.left || undefined} data-more-right={edges.right || undefined}>
        <div ref={scrollerRef} className="raw-scroll scroll-x" onScroll={(e) => setTopRow(Math.floor(e.currentTarget.scrollTop / RAW_ROW_PX))}>
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
            <tbody onFocus={keepFocused} onBlur={dropFocused}>
              {runs.flatMap((run, j) => [
                <SpacerRow key={`gap${run.from}`} rows={run.from - (j > 0 ? runs[j - 1]!.to : 0)} />,
                ...rows.slice(run.from, run.to).map((row) => {
                  if (!('k' in row)) return <BoundaryRow key={row.key} boundary={row.boundary} />;
                  const r = shown[row.k]!;
                  const index = positions.get(r)!;
                  return (
                    <RawRecordRow
                      key={index}
                      analysis={analysis}
                      record={r}
                      k={row.k}
                      number={start + row.k + 1}
                      selected={index === focus}
                      rowRef={index === focus ? selectedRow : undefined}
                      cut={cutoffOf(r)}
                      onSelect={() => selectRecord(index)}
                    />
                  );
                }),
              ])}
              <SpacerRow rows={rows.length - lastMounted} />
            </tbody>
          </table>
        </div>
        <div className="raw-edge raw-edge-left" aria-hidden="true" style={{ bottom: edges.barHeight }} />
        <div className="raw-edge raw-edge-right" aria-hidden="true" style={{ right: edges.barWidth, bottom: edges.barHeight }} />
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
