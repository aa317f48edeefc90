import { memo, useEffect, useMemo } from 'react';
import type { SessionAnalysis } from '../core/analyze';
import { placeNoun } from '../core/place';
import { recordIndexOf, sessionOf } from '../state/selectors';
import { useStore } from '../state/store';
import { categoryOf, categoryVar, kindLabel } from '../viz/categories';
import { arcHeight, arcPointAt, layoutLinks, linksWindowStart, type LinkArc, type LinkNode, type LinksLayout } from '../viz/linksLayout';
import { clipText } from './format';
import { useWidth } from './useWidth';
import { marked } from './Marked';
import type { RecordLookup } from '../core/recordLookup';

const heightOf = (a: LinkArc) => arcHeight(a.from.x, a.to.x, a.from.row === 0);

function arcPath(a: LinkArc): string {
  const h = heightOf(a);
  if (a.from.y !== a.to.y) return `M${a.from.x},${a.from.y} L${a.to.x},${a.to.y}`;
  return `M${a.from.x},${a.from.y} Q${(a.from.x + a.to.x) / 2},${a.from.y - 2 * h} ${a.to.x},${a.to.y}`;
}

/** References drawn as arcs and writes chained per resource, in the session's analysis order. */
export function LinksView() {
  const analysis = useStore((s) => s.analysis);
  const session = sessionOf(analysis, useStore((s) => s.session));
  const focus = useStore((s) => s.selection.focus);
  const selected = useStore((s) => s.selection.records);
  const n = useStore((s) => s.cutoff);
  const selectRecord = useStore((s) => s.selectRecord);
  const [el, ref, width] = useWidth<HTMLDivElement>();
  const revealToken = useStore((s) => s.revealToken);
  const around = analysis && focus !== null ? analysis.records[focus]! : null;
  const start = session ? linksWindowStart(session, around) : 0;
  // Keyed on the window's start, not the chosen record: a new selection within the window keeps every node and arc as drawn.
  const layout = useMemo(
    () => (analysis && session && width > 0 ? layoutLinks(session, analysis.findings, recordIndexOf(analysis), width, start) : null),
    [analysis, session, width, start],
  );
  useEffect(() => {
    const node = around && layout?.nodes.find((nd) => nd.record === around);
    if (!el || !node) return;
    if (node.x < el.scrollLeft || node.x > el.scrollLeft + el.clientWidth) el.scrollLeft = Math.max(0, node.x - el.clientWidth / 2);
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
          {layout && layout.shown < layout.total ? ` · ${layout.shown} of ${layout.total} linked records around the selection` : ''}
          {layout && layout.hiddenResources > 0 ? ` · ${layout.hiddenResources} more resources not drawn` : ''}
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
            <LinkLines layout={layout} positions={positions} onSelect={selectRecord} />
            {layout.nodes.map((node) => {
              const i = positions.get(node.record)!;
              const seq = node.record.acceptSeq;
              return (
                <LinkNodeMark
                  key={i}
                  node={node}
                  index={i}
                  spacing={layout.spacing}
                  dim={n !== null && seq !== null && seq > n}
                  placeWord={placeNoun(analysis?.inputs[node.record.fileIndex])}
                  selected={chosen.has(i)}
                  onSelect={selectRecord}
                />
              );
            })}
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

/** Clears and arcs depend on the layout only, so a cutoff step never re-renders them. */
const LinkLines = memo(function LinkLines({
  layout,
  positions,
  onSelect,
}: {
  layout: LinksLayout;
  positions: RecordLookup;
  onSelect: (index: number) => void;
}) {
  return (
    <>
      {layout.clears.map((c) => (
        <g key={positions.get(c.record)} className={`clear-rule${c.failed ? ' not-committed' : ''}`} onClick={() => onSelect(positions.get(c.record)!)}>
          <line x1={c.x} x2={c.x} y1={14} y2={layout.height - 6} />
          <text x={c.x + 3} y={12}>
            clear {marked(String(c.record.id))}
            {c.failed ? ' (not committed)' : ''}
          </text>
        </g>
      ))}
      {layout.arcs.map((a, k) => (
        <g key={k} className={`arc arc-${a.kind}`}>
          <path d={arcPath(a)} />
          {a.crossesX !== null && <CrossMark arc={a} />}
          {a.kind === 'lost-update' && (
            <text className="halo" x={(a.from.x + a.to.x) / 2} y={a.from.y - heightOf(a) - 4} textAnchor="middle">
              lost update
            </text>
          )}
        </g>
      ))}
    </>
  );
});

/** A version token as a short label: an ETag's quotes and weak marker take room and say nothing here (the detail view shows it whole). */
function versionLabel(version: unknown, id: string | number): string {
  if (typeof version !== 'string' && typeof version !== 'number') return String(id);
  return String(version).replace(/^W\//, '').replace(/^"(.*)"$/, '$1');
}

interface NodeProps {
  node: LinkNode;
  index: number;
  spacing: number;
  dim: boolean;
  selected: boolean;
  onSelect: (index: number) => void;
  placeWord: 'line' | 'item';
}

/** One record in the links view; memoised so a cutoff step re-renders only the nodes whose dimming changed. */
const LinkNodeMark = memo(function LinkNodeMark({ node, index, spacing, dim, selected, onSelect, placeWord }: NodeProps) {
  const r = node.record;
  const raw = r.kind === 'write' || r.kind === 'read' ? versionLabel(r.data.version, r.id) : String(r.id);
  const label = marked(raw);
  return (
    <g className={`link-node${dim ? ' dim' : ''}${selected ? ' selected' : ''}${node.failed ? ' failed' : ''}`} onClick={() => onSelect(index)}>
      <title>{`${kindLabel(r)} ${marked(String(r.id))} · ${placeWord} ${r.line}`}</title>
      {r.kind === 'write' ? (
        <rect x={node.x - 5} y={node.y - 5} width={10} height={10} style={{ fill: node.failed ? 'none' : `var(${categoryVar(categoryOf(r))})` }} />
      ) : (
        <circle cx={node.x} cy={node.y} r={r.kind === 'read' || r.kind === 'notice' ? 4 : 5} style={{ fill: `var(${categoryVar(categoryOf(r))})` }} />
      )}
      <text x={node.x} y={node.y + 17} textAnchor="middle" className={label === raw ? 'mark-label' : 'mark-label has-invisibles'}>
        {clipText(label, spacing)}
      </text>
    </g>
  );
});

const LINKED = new Set(['response', 'request', 'clear', 'read', 'write']);
const hasLinks = (session: SessionAnalysis) => session.ordering.participants.some((r) => LINKED.has(r.kind));

function CrossMark({ arc }: { arc: LinkArc }) {
  const p = arcPointAt(arc.from.x, arc.to.x, arc.from.y, heightOf(arc), arc.crossesX!);
  return (
    <g className="cross">
      <path d={`M${p.x - 5},${p.y - 5} L${p.x + 5},${p.y + 5} M${p.x + 5},${p.y - 5} L${p.x - 5},${p.y + 5}`} />
    </g>
  );
}
