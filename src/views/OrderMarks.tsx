import { memo } from 'react';
import { categoryVar } from '../viz/categories';
import { LANE } from '../core/recordOrder';
import { acceptLabel } from '../viz/acceptLabel';
import { accX, slotSpacing, storageX, visibleRecords, type OrderRows, type XTransform } from '../viz/orderScene';
import { charsIn, clipText } from './format';
import type { OrderModel } from '../viz/orderModel';
import { marked } from './Marked';

const fill = (cat: number) => `var(${categoryVar(cat)})`;

interface MarksProps {
  model: OrderModel;
  cutRank: number;
  isLeak: (i: number) => boolean;
  rows: OrderRows;
  width: number;
  t: XTransform;
}

/**
 * One mark per record with its line, ids and numbers when there is room for them. Memoised on props a
 * selection or hover leaves alone (the overlay draws those), so choosing a record does not reconcile
 * the hundreds of marks again.
 */
export const OrderMarks = memo(function OrderMarks({ model, cutRank, isLeak, rows, width, t }: MarksProps) {
  const spacing = slotSpacing(model.n, width, t);
  const labels = spacing >= 30;
  const visible = visibleRecords(model, width, t);
  const laneY = new Map(rows.lanes.map((l) => [l.lane, l.y]));
  const lines = [];
  const marks = [];
  for (const i of visible) {
    const r = model.records[i]!;
    const id = marked(String(r.id));
    const idClass = id === String(r.id) ? '' : ' has-invisibles';
    const cat = model.category[i]!;
    const sx = storageX(model, i, width, t);
    const lane = model.lane[i]!;
    if (lane !== LANE.axis) {
      const y = laneY.get(lane)!;
      marks.push(
        <g key={`l${i}`} className={lane === LANE.unaccepted ? 'mark unaccepted' : 'mark'}>
          <rect x={sx - 4} y={y - 4} width={8} height={8} rx={1.5} style={{ fill: lane === LANE.unaccepted ? 'none' : fill(cat), stroke: fill(cat) }} />
          {labels && (
            <text className={`mark-label${idClass}`} x={sx} y={y + 17} textAnchor="middle">
              {clipText(id, spacing)}
            </text>
          )}
        </g>,
      );
      continue;
    }
    const rank = model.accRank[i]!;
    const ax = accX(model, rank, width, t);
    const dim = rank >= cutRank ? ' dim' : '';
    const dimClass = dim.trim() || undefined;
    const dup = model.duplicate[i] === 1;
    lines.push(
      <line
        key={`k${i}`}
        className={`link${model.displaced[i] ? ' displaced' : ''}${dup ? ' duplicate' : ''}${dim}`}
        x1={sx}
        y1={rows.top}
        x2={ax}
        y2={rows.bottom}
      />,
    );
    marks.push(
      <g key={`m${i}`} className="mark">
        {/* A future leak stays bright where it is stored: that is exactly where a file-order reader meets it too early. */}
        <circle className={isLeak(i) ? undefined : dimClass} cx={sx} cy={rows.top} r={4.5} style={{ fill: fill(cat) }} />
        {dup ? (
          <rect className={`dup-mark${dim}`} x={ax - 4.5} y={rows.bottom - 4.5} width={9} height={9} transform={`rotate(45 ${ax} ${rows.bottom})`} style={{ fill: fill(cat) }} />
        ) : (
          <circle className={dimClass} cx={ax} cy={rows.bottom} r={4.5} style={{ fill: fill(cat) }} />
        )}
        {labels && (
          <>
            <text className={`mark-label${idClass}${isLeak(i) ? '' : dim}`} x={sx} y={rows.top - 9} textAnchor="middle">
              {clipText(id, spacing)}
            </text>
            <text className={`mark-label seq${dup ? ' dup-label' : ''}${dim}`} x={ax} y={rows.bottom + 18} textAnchor="middle">
              {clipText(acceptLabel(r.acceptSeq ?? '', dup, charsIn(spacing)), spacing)}
            </text>
          </>
        )}
      </g>,
    );
  }
  return (
    <g>
      <g>{lines}</g>
      <g>{marks}</g>
    </g>
  );
});
