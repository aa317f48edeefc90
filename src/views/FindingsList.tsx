import { memo, useEffect, useId, useRef, type KeyboardEvent, type Ref } from 'react';
import type { Finding, ParsedInput, SeqRecord } from '../core/model';
import { placeLabel } from '../core/place';
import { focusOfFinding } from '../state/links';
import { lastCall } from '../state/memo';
import { codeCountsOf, findingGroupsOf, findingIsAfterCutoff, type FindingGroup } from '../state/selectors';
import { useStore } from '../state/store';
import { FindingNote } from './FindingNote';
import { formatCount, placesAndMore } from './format';
import { Marked } from './Marked';
import { nothingReadText } from './nothingRead';
import { ScrollEdges } from './ScrollEdges';
import { VirtualList, type RowProps } from './VirtualList';

const SEVERITY_TITLE = { error: 'Errors', warning: 'Warnings', info: 'Info' } as const;
/** Room kept at the list's top for the group heading stuck there (findings.css), so a finding scrolled into view is not hidden under it. */
const GROUP_HEAD_ROOM = 26;

/** Findings by severity, filterable by code; choosing one selects its records in every view. A long list renders the rows in view. */
export function FindingsList() {
  const analysis = useStore((s) => s.analysis);
  const code = useStore((s) => s.codeFilter);
  const setCodeFilter = useStore((s) => s.setCodeFilter);
  const session = useStore((s) => s.session);
  const n = useStore((s) => s.cutoff);
  const selected = useStore((s) => s.selection.finding);
  const filterId = useId();
  const revealToken = useStore((s) => s.revealToken);
  if (!analysis) return null;
  const findings = analysis.findings;
  const groups = findingGroupsOf(findings, code);
  const counts = codeCountsOf(findings);
  const rows = rowsOf(groups);
  const heads = headsOf(rows);
  const { items, itemOfRow, rowOfFinding } = itemRowsOf(rows);
  const selectedRow = selected === null ? null : (rowOfFinding[selected] ?? -1);
  // One tab stop for the whole list (the chosen finding, else the first): arrows move within it, Tab leaves it.
  const activeRow = selectedRow !== null && selectedRow >= 0 ? selectedRow : (items[0] ?? -1);
  const onKeyDown = (e: KeyboardEvent) => {
    if (!(e.target instanceof HTMLElement) || !e.target.closest('.finding')) return;
    const at = activeRow >= 0 ? itemOfRow[activeRow]! : -1;
    const to = e.key === 'ArrowDown' ? at + 1 : e.key === 'ArrowUp' ? at - 1 : e.key === 'Home' ? 0 : e.key === 'End' ? items.length - 1 : null;
    if (to === null) return;
    e.preventDefault();
    const r = rows[items[Math.max(0, Math.min(items.length - 1, to))]!];
    if (r?.kind !== 'item') return;
    focusNextChosen = true;
    chooseFinding(r.index, r.finding, analysis.records);
  };
  const renderRow = (k: number, props: RowProps) => {
    const r = rows[k]!;
    if (r.kind === 'head') {
      return (
        <li key={`h-${r.group.severity}`} role="presentation" className="findings-group" ref={props.measure} data-index={props['data-index']}>
          <h3>
            {SEVERITY_TITLE[r.group.severity]} <span className="muted">{code ? `${formatCount(r.group.items.length)} of ${formatCount(r.group.total)}` : formatCount(r.group.total)}</span>
          </h3>
        </li>
      );
    }
    return (
      <FindingItem
        key={r.index}
        index={r.index}
        finding={r.finding}
        selected={selected === r.index}
        tabbable={k === activeRow}
        dim={findingIsAfterCutoff(analysis, r.index, session, n)}
        inputs={analysis.inputs}
        records={analysis.records}
        measure={props.measure}
        dataIndex={props['data-index']}
        posInSet={props['aria-posinset']}
        setSize={props['aria-setsize']}
      />
    );
  };
  return (
    <section className="panel findings" aria-labelledby="findings-heading">
      <div className="panel-head">
        <h2 id="findings-heading">Findings</h2>
        {groups.map((g) => (
          <span key={g.severity} className={`badge sev-${g.severity}`}>
            {formatCount(g.total)} {g.severity === 'info' ? 'info' : g.total === 1 ? g.severity : `${g.severity}s`}
          </span>
        ))}
        {findings.length > 0 && (
          <span className="code-filter">
            <label htmlFor={filterId} className="visually-hidden">
              Filter findings by code
            </label>
            <select id={filterId} value={code ?? ''} onChange={(e) => setCodeFilter(e.currentTarget.value || null)}>
              <option value="">All codes ({formatCount(findings.length)})</option>
              {counts.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.code} ({formatCount(c.count)})
                </option>
              ))}
            </select>
          </span>
        )}
      </div>
      {findings.length === 0 &&
        (analysis.records.length === 0 ? (
          <p className="muted">{nothingReadText(analysis.inputs)}</p>
        ) : (
          <p className="muted">No findings: the inputs agree with themselves on every check.</p>
        ))}
      <ScrollEdges className="findings-scroll">
        <VirtualList
          count={rows.length}
          // Findings measure 101–120 px at 1440 px wide (the estimate then follows the rows measured: VirtualList).
          estimate={110}
          row={renderRow}
          className="findings-list"
          label="Findings"
          scrollTo={selectedRow}
          scrollToken={revealToken}
          pinned={heads}
          keep={activeRow}
          // The group headings are no items of the list (role presentation; read as headings): a reader counts the findings, as the badges and the code filter do.
          items={{ count: items.length, of: (k) => itemOfRow[k]! }}
          scrollPaddingTop={GROUP_HEAD_ROOM}
          onKeyDown={onKeyDown}
        />
      </ScrollEdges>
    </section>
  );
}

type Row = { readonly kind: 'head'; readonly group: FindingGroup } | { readonly kind: 'item'; readonly index: number; readonly finding: Finding };

/** The list's rows: each severity's heading, then its findings (after the code filter). */
const rowsOf = lastCall((groups: readonly FindingGroup[]): Row[] => {
  const rows: Row[] = [];
  for (const group of groups) {
    if (group.items.length === 0) continue;
    rows.push({ kind: 'head', group });
    for (const { index, finding } of group.items) rows.push({ kind: 'item', index, finding });
  }
  return rows;
});

/**
 * The rows holding findings, each row's place among them (-1 for a heading), and each finding's row
 * by its index among all findings (-1 when the code filter hides it): an arrow key moved by listing
 * them anew, a pass over 100,000 rows and as many small arrays per key press.
 */
export const itemRowsOf = lastCall((rows: readonly Row[]): { items: Int32Array; itemOfRow: Int32Array; rowOfFinding: Int32Array } => {
  const items: number[] = [];
  const itemOfRow = new Int32Array(rows.length).fill(-1);
  let last = -1;
  rows.forEach((r, k) => {
    if (r.kind !== 'item') return;
    itemOfRow[k] = items.length;
    items.push(k);
    last = Math.max(last, r.index);
  });
  const rowOfFinding = new Int32Array(last + 1).fill(-1);
  rows.forEach((r, k) => r.kind === 'item' && (rowOfFinding[r.index] = k));
  return { items: Int32Array.from(items), itemOfRow, rowOfFinding };
});

/** Where each group's heading is among the rows: the one above the findings in view stays at the list's top. */
const headsOf = lastCall((rows: readonly Row[]): number[] => rows.flatMap((r, k) => (r.kind === 'head' ? [k] : [])));

/** Set by a key that chose a finding: the chosen row takes focus when it is there. */
let focusNextChosen = false;

/** Choosing a finding selects its records and focuses its subject, by click or by arrow key alike. */
function chooseFinding(index: number, finding: Finding, records: readonly SeqRecord[]): void {
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

const FindingItem = memo(function FindingItem({ index, finding, selected, tabbable, dim, inputs, records, measure, dataIndex, posInSet, setSize }: ItemProps) {
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
