import { memo, useMemo } from 'react';
import { BOUNDARY_Y, boundaryScene, type PlacedBoundary } from '../viz/orderBoundaries';
import type { OrderRows, XTransform } from '../viz/orderScene';

/**
 * Where the effective history changes (rollbacks, compactions, aborted turns,
 * deleted rows): a rule across the storage axis with its kind, the records a
 * rollback takes out under a light band, turn starts as light ticks. Drawn
 * under the marks, in the sparse and the binned view alike. Memoised: a selection does not change them.
 */
export const OrderBoundaries = memo(function OrderBoundaries({
  boundaries,
  count,
  rows,
  width,
  t,
}: {
  boundaries: readonly PlacedBoundary[];
  /** Records on the storage axis. */
  count: number;
  rows: OrderRows;
  width: number;
  t: XTransform;
}) {
  const scene = useMemo(() => boundaryScene(boundaries, count, width, t), [boundaries, count, width, t]);
  if (boundaries.length === 0) return null;
  const y = rows.top;
  return (
    <g className="boundaries">
      {scene.bands.map((b, k) => (
        <rect key={`band${k}`} className="boundary-band" x={b.x1} y={y - BOUNDARY_Y.band} width={b.x2 - b.x1} height={2 * BOUNDARY_Y.band}>
          <title>{b.title}</title>
        </rect>
      ))}
      {scene.ticks.map((x, k) => (
        <line key={`tick${k}`} className="boundary-tick" x1={x} x2={x} y1={y - BOUNDARY_Y.tick} y2={y + BOUNDARY_Y.tick} />
      ))}
      {scene.rules.map((r, k) => (
        <g key={`rule${k}`} className={`boundary-rule boundary-${r.kind}`}>
          <title>{r.title}</title>
          <line x1={r.x} x2={r.x} y1={y + BOUNDARY_Y.ruleFrom} y2={y + BOUNDARY_Y.ruleTo} />
          {r.label !== null && (
            <text className="halo" x={r.anchor === 'start' ? r.x + 3 : r.x - 3} y={y + BOUNDARY_Y.label} textAnchor={r.anchor}>
              {r.label}
            </text>
          )}
        </g>
      ))}
    </g>
  );
});
