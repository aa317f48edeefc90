import { memo, useEffect } from 'react';
import type { SessionAnalysis } from '../core/analyze';
import { placeNoun } from '../core/place';
import { recordIndexOf, sessionOf } from '../state/selectors';
import { useStore } from '../state/store';
import { categoryOf, categoryVar, kindLabel } from '../viz/categories';
import { arcHeight, arcPointAt, clearLabels, linksLayoutOf, linksWindowStart, type ClearLabel, type LinkArc, type LinksLayout } from '../viz/linksLayout';
import { clipText, formatCount } from './format';
import { useWidth } from './useWidth';
import { marked } from './Marked';
import type { RecordLookup } from '../core/recordLookup';
import type { SeqRecord } from '../core/model';

interface ArcEnds {
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
  readonly firstRow: boolean;
}

const heightOf = (a: ArcEnds) => arcHeight(a.x1, a.x2, a.firstRow);

function arcPath(a: ArcEnds): string {
  const h = heightOf(a);
  if (a.y1 !== a.y2) return `M${a.x1},${a.y1} L${a.x2},${a.y2}`;
  return `M${a.x1},${a.y1} Q${(a.x1 + a.x2) / 2},${a.y1 - 2 * h} ${a.x2},${a.y2}`;
}

/** References drawn as arcs and writes chained per resource, in the session's analysis order. */
export function LinksView() {
  const analysis = useStore((s) => s.analysis);
  const session = sessionOf(analysis, useStore((s) => s.session));
  const focus = useStore((s) => s.selection.focus);
  const selected = useStore((s) => s.selection.records);
  const n = useStore((s) => s.cutoff);
  const selectRecord = useStore((s) => s.selectRecord);
  // A long session's new width is laid out at low priority (useWidth).
  const [el, ref, width] = useWidth<HTMLDivElement>(session?.records.length);
  const revealToken = useStore((s) => s.revealToken);
  const around = analysis && focus !== null ? analysis.records[focus]! : null;
  // Only with a width to lay out at: finding the window among a session's linked records is part of the deferred layout.
  const start = session && width > 0 ? linksWindowStart(session, around) : 0;
  // Keyed on the window's start, not the chosen record: a new selection within the window keeps every node and arc as drawn.
  const layout = analysis && session && width > 0 ? linksLayoutOf(session, analysis.findings, recordIndexOf(analysis), width, start) : null;
  useEffect(() => {
    const node = around && layout?.nodes.find((nd) => nd.record === around);
    if (!el || !node || !layout) return;
    const x = node.x - layout.offset;
    if (x < el.scrollLeft || x > el.scrollLeft + el.clientWidth) el.scrollLeft = Math.max(0, x - el.clientWidth / 2);
    // Only a reveal request scrolls; the layout changing under the user's own scrolling must not.
  }, [revealToken, layout]);
  if (!analysis || !session || !hasLinks(session)) return null;
  const positions = recordIndexOf(analysis);
  const chosen = new Set(selected);
  return (
    <section className="panel links-panel" aria-labelledby="links-heading">
      <div className="panel-head">
        <h2 id="links-heading">References and write chains</h2>
        <span className="muted">
          analysis order
          {session.ordering.analysisOrderIsAcceptance
            ? ' (acceptance)'
            : session.ordering.hasAcceptanceOrder
              ? ' (file order: acceptance evidence is incomplete)'
              : ' (file order: no acceptance order was recorded)'}
          {layout && layout.shown < layout.total ? ` · ${formatCount(layout.shown)} of ${formatCount(layout.total)} linked records around the selection` : ''}
          {layout && layout.hiddenResources > 0 ? ` · ${formatCount(layout.hiddenResources)} more resources not drawn` : ''}
        </span>
      </div>
      <div ref={ref} className="links-scroll scroll-x">
        {layout && (
          <svg width={layout.width} height={layout.height} role="img" aria-label="References and write chains">
            {layout.rows.map((row) => (
              <text key={row.label} className="lane-title" x={4} y={row.y + 4}>
                {clipText(marked(row.label), layout.gutter - 8)}
                <title>{marked(row.label)}</title>
              </text>
            ))}
            {/* Marks sit at their place along the whole session: a window that moves shifts this group, and the marks both windows draw stay as they are. */}
            <g transform={`translate(${-layout.offset},0)`}>
              <LinkLines layout={layout} positions={positions} onSelect={selectRecord} />
              {layout.nodes.map((node) => {
                const i = positions.get(node.record)!;
                const seq = node.record.acceptSeq;
                return (
                  <LinkNodeMark
                    key={node.slot}
                    record={node.record}
                    x={node.x}
                    y={node.y}
                    failed={node.failed}
                    index={i}
                    spacing={layout.spacing}
                    dim={n !== null && seq !== null && seq > n}
                    placeWord={placeNoun(analysis?.inputs[node.record.fileIndex])}
                    selected={chosen.has(i)}
                    onSelect={selectRecord}
                  />
                );
              })}
            </g>
          </svg>
        )}
      </div>
      <p className="muted links-legend">
        Arcs join a response id to what refers to it; <span className="stale-text">red arcs are stale</span>, crossing the clear (×) that invalidated the id.
        Squares are writes, chained by version; <span className="stale-text">lost updates</span> are marked; hollow squares did not succeed.
      </p>
    </section>
  );
}

/** Clears and arcs depend on the layout only, so a cutoff step never re-renders them; each is memoised on where it is drawn, so a moved window redraws only what it adds or moves. */
const LinkLines = memo(function LinkLines({
  layout,
  positions,
  onSelect,
}: {
  layout: LinksLayout;
  positions: RecordLookup;
  onSelect: (index: number) => void;
}) {
  const labels = layout.clears.map((c) => `clear ${marked(String(c.record.id))}${c.failed ? ' (not committed)' : ''}`);
  const places = clearLabels(
    layout.clears.map((c, k) => ({ x: c.x, chars: [...labels[k]!].length })),
    layout.offset,
    layout.offset + layout.width,
  );
  return (
    <>
      {layout.clears.map((c, k) => {
        const i = positions.get(c.record)!;
        const { x, anchor, line } = places[k]!;
        return <ClearRule key={c.slot} label={labels[k]!} index={i} x={c.x} labelX={x} anchor={anchor} line={line} failed={c.failed} height={layout.height} onSelect={onSelect} />;
      })}
      {layout.arcs.map((a) => (
        <ArcMark key={a.key} kind={a.kind} x1={a.from.x} y1={a.from.y} x2={a.to.x} y2={a.to.y} firstRow={a.from.row === 0} crossesX={a.crossesX} />
      ))}
    </>
  );
});

interface ClearProps {
  label: string;
  index: number;
  x: number;
  /** Where the label goes (clearLabels): a clear near the drawing's right edge has it before the rule, on a line of its own where it would overlap the one before. */
  labelX: number;
  anchor: ClearLabel['anchor'];
  line: number;
  failed: boolean;
  height: number;
  onSelect: (index: number) => void;
}

/** The label's baseline on each line; the rule starts just below its own label. */
const labelY = (line: number) => 12 + line * 12;

const ClearRule = memo(function ClearRule({ label, index, x, labelX, anchor, line, failed, height, onSelect }: ClearProps) {
  return (
    <g className={`clear-rule${failed ? ' not-committed' : ''}`} onClick={() => onSelect(index)}>
      <line x1={x} x2={x} y1={labelY(line) + 2} y2={height - 6} />
      {/* Haloed: another clear's rule may pass behind a label on the second line. */}
      <text className="halo" x={labelX} y={labelY(line)} textAnchor={anchor}>
        {label}
      </text>
    </g>
  );
});

interface ArcProps extends ArcEnds {
  kind: LinkArc['kind'];
  crossesX: number | null;
}

const ArcMark = memo(function ArcMark(arc: ArcProps) {
  return (
    <g className={`arc arc-${arc.kind}`}>
      <path d={arcPath(arc)} />
      {arc.crossesX !== null && <CrossMark arc={arc} crossesX={arc.crossesX} />}
      {arc.kind === 'lost-update' && (
        <text className="halo" x={(arc.x1 + arc.x2) / 2} y={arc.y1 - heightOf(arc) - 4} textAnchor="middle">
          lost update
        </text>
      )}
    </g>
  );
});

/** A version token as a short label: an ETag's quotes and weak marker take room and say nothing here (the detail view shows it whole). */
function versionLabel(version: unknown, id: string | number): string {
  if (typeof version !== 'string' && typeof version !== 'number') return String(id);
  return String(version).replace(/^W\//, '').replace(/^"(.*)"$/, '$1');
}

interface NodeProps {
  record: SeqRecord;
  x: number;
  y: number;
  failed: boolean;
  index: number;
  spacing: number;
  dim: boolean;
  selected: boolean;
  onSelect: (index: number) => void;
  placeWord: 'line' | 'item';
}

/** One record in the links view; memoised so a cutoff step re-renders only the nodes whose dimming changed. */
const LinkNodeMark = memo(function LinkNodeMark({ record: r, x, y, failed, index, spacing, dim, selected, onSelect, placeWord }: NodeProps) {
  const raw = r.kind === 'write' || r.kind === 'read' ? versionLabel(r.data.version, r.id) : String(r.id);
  const label = marked(raw);
  return (
    <g className={`link-node${dim ? ' dim' : ''}${selected ? ' selected' : ''}${failed ? ' failed' : ''}`} onClick={() => onSelect(index)}>
      <title>{`${kindLabel(r)} ${marked(String(r.id))} · ${placeWord} ${r.line}`}</title>
      {r.kind === 'write' ? (
        <rect x={x - 5} y={y - 5} width={10} height={10} style={{ fill: failed ? 'none' : `var(${categoryVar(categoryOf(r))})` }} />
      ) : (
        <circle cx={x} cy={y} r={r.kind === 'read' || r.kind === 'notice' ? 4 : 5} style={{ fill: `var(${categoryVar(categoryOf(r))})` }} />
      )}
      <text x={x} y={y + 17} textAnchor="middle" className={label === raw ? 'mark-label' : 'mark-label has-invisibles'}>
        {clipText(label, spacing)}
      </text>
    </g>
  );
});

const LINKED = new Set(['response', 'request', 'clear', 'read', 'write']);
const hasLinks = (session: SessionAnalysis) => session.ordering.participants.some((r) => LINKED.has(r.kind));

function CrossMark({ arc, crossesX }: { arc: ArcEnds; crossesX: number }) {
  const p = arcPointAt(arc.x1, arc.x2, arc.y1, heightOf(arc), crossesX);
  return (
    <g className="cross">
      <path d={`M${p.x - 5},${p.y - 5} L${p.x + 5},${p.y + 5} M${p.x + 5},${p.y - 5} L${p.x - 5},${p.y + 5}`} />
    </g>
  );
}
