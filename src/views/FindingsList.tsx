import { useId, type KeyboardEvent } from 'react';
import type { Finding } from '../core/model';
import { lastCall } from '../state/memo';
import { codeCountsOf, findingGroupsOf, findingIsAfterCutoff, type FindingGroup } from '../state/selectors';
import { useStore } from '../state/store';
import { chooseFinding, FindingItem } from './FindingItem';
import { formatCount } from './format';
import { Marked } from './Marked';
import { noFindingsText, nothingReadText } from './nothingRead';
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
    chooseFinding(r.index, r.finding, analysis.records, true);
  };
  const rowKey = (k: number) => {
    const r = rows[k]!;
    return r.kind === 'head' ? `h-${r.group.severity}` : r.index;
  };
  const renderRow = (k: number, props: RowProps) => {
    const r = rows[k]!;
    if (r.kind === 'head') {
      return (
        <li role="presentation" className="findings-group" {...props}>
          <h3>
            {SEVERITY_TITLE[r.group.severity]} <span className="muted">{code ? `${formatCount(r.group.items.length)} of ${formatCount(r.group.total)}` : formatCount(r.group.total)}</span>
          </h3>
        </li>
      );
    }
    return (
      <FindingItem
        index={r.index}
        finding={r.finding}
        selected={selected === r.index}
        tabbable={k === activeRow}
        dim={findingIsAfterCutoff(analysis, r.index, session, n)}
        inputs={analysis.inputs}
        records={analysis.records}
        measure={props.ref}
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
          <p className="muted">
            {/* File names are the log's own text: a direction mark in one would reorder the sentence. */}
            <Marked text={noFindingsText(analysis.inputs)} />
          </p>
        ))}
      <ScrollEdges className="findings-scroll">
        <VirtualList
          count={rows.length}
          // Findings measure 101–120 px at 1440 px wide (the estimate then follows the rows measured: VirtualList).
          estimate={110}
          row={renderRow}
          keyOf={rowKey}
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
