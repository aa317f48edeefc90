import { LANE } from '../core/recordOrder';
import { accX, PAD, projectX, slotSpacing, storageX, visibleRecords, type OrderRows, type XTransform } from '../viz/orderScene';
import { afterBand } from '../viz/afterBand';
import { ringsToDraw } from '../viz/selectionRings';
import type { OrderData } from './useOrderData';

/** Where the cutoff falls between two acceptance ranks, or at either end. */
function cutoffX(data: OrderData, width: number, t: XTransform): number {
  const { model, cutRank } = data;
  const half = slotSpacing(model.n, width, t) / 2;
  if (cutRank <= 0) return accX(model, 0, width, t) - half;
  return accX(model, cutRank - 1, width, t) + half;
}

/** Shading of what was accepted after N (none when nothing is), drawn under the marks so their numbers stay legible. */
export function CutoffShade({ data, rows, width, t }: { data: OrderData; rows: OrderRows; width: number; t: XTransform }) {
  const band = afterBand(data.n, data.cutRank, data.model.accCount, cutoffX(data, width, t), width);
  return band && <rect className="after-shade" x={band.x} y={rows.bottom - 14} width={band.width} height={28} />;
}

/** The cutoff, the storage prefix it implies, its future leaks, the selection and the hovered record. */
export function OrderOverlay({ data, rows, width, t, dense }: { data: OrderData; rows: OrderRows; width: number; t: XTransform; dense: boolean }) {
  const { model, n, cutoff } = data;
  const laneY = new Map(rows.lanes.map((l) => [l.lane, l.y]));
  const positions = (i: number) => {
    const sx = storageX(model, i, width, t);
    const lane = model.lane[i]!;
    if (lane !== LANE.axis) return { sx, sy: laneY.get(lane)!, ax: null };
    return { sx, sy: rows.top, ax: accX(model, model.accRank[i]!, width, t) };
  };
  const ring = (i: number, className: string, r: number) => {
    const p = positions(i);
    return (
      <g key={`${className}${i}`} className={className}>
        {p.ax !== null && <line x1={p.sx} y1={rows.top} x2={p.ax} y2={rows.bottom} />}
        <circle cx={p.sx} cy={p.sy} r={r} />
        {p.ax !== null && <circle cx={p.ax} cy={rows.bottom} r={r} />}
      </g>
    );
  };
  const inView = (i: number) => {
    const x = storageX(model, i, width, t);
    return x > -20 && x < width + 20;
  };

  let cutoffMarks = null;
  if (n !== null && cutoff && model.accCount > 0) {
    const cx = cutoffX(data, width, t);
    const prefixIndex = cutoff.prefixLast ? model.indexOf.get(cutoff.prefixLast) : undefined;
    const px = prefixIndex === undefined ? null : storageX(model, prefixIndex, width, t) + slotSpacing(model.n, width, t) / 2;
    const leaks = dense ? [] : visibleRecords(model, width, t).filter(data.isLeak);
    cutoffMarks = (
      <g className="cutoff">
        <line className="cutoff-line" x1={cx} x2={cx} y1={rows.bottom - 20} y2={rows.bottom + 22} />
        <text className="cutoff-label halo" x={cx > width - 110 ? cx - 5 : cx + 5} y={rows.bottom - 22} textAnchor={cx > width - 110 ? 'end' : 'start'}>
          N = {n}
        </text>
        {px !== null && (
          <>
            <line className="prefix-bar" x1={Math.max(PAD, projectX(0, width, t))} x2={Math.min(px, width)} y1={rows.top + 11} y2={rows.top + 11} />
            {px >= 0 && px <= width && (
              <text className="prefix-label halo" x={Math.min(Math.max(px + 4, PAD), width - 130)} y={rows.top + 24}>
                storage prefix for N
              </text>
            )}
          </>
        )}
        {leaks.map((i) => (
          <g key={`leak${i}`} className="leak">
            <circle cx={storageX(model, i, width, t)} cy={rows.top} r={8} />
            <text className="halo" x={storageX(model, i, width, t)} y={rows.top - 24} textAnchor="middle">
              future leak
            </text>
          </g>
        ))}
      </g>
    );
  }
  return (
    <g>
      {cutoffMarks}
      {ringsToDraw(data.selected, data.focus, positions, inView, dense).map((i) => ring(i, i === data.focus ? 'selected focus' : 'selected', 7))}
      {data.hover !== null && inView(data.hover) && ring(data.hover, 'hovered', 8)}
    </g>
  );
}
