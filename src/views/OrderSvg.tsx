import { PAD, projectX, type OrderRows, type XTransform } from '../viz/orderScene';
import { OrderBoundaries } from './OrderBoundaries';
import { OrderMarks } from './OrderMarks';
import { CutoffShade, OrderOverlay } from './OrderOverlay';
import type { OrderData } from './useOrderData';
import { orderAxisCaptions } from '../viz/orderAxisCaptions';

/** Axes, titles and lanes always; single marks only when they do not overlap (the canvas draws them otherwise). */
export function OrderSvg({ data, rows, width, t, dense }: { data: OrderData; rows: OrderRows; width: number; t: XTransform; dense: boolean }) {
  const { model } = data;
  const x0 = Math.max(PAD, projectX(0, width, t));
  const x1 = Math.min(width - PAD, projectX(1, width, t));
  const captions = orderAxisCaptions(model, data.inputs);
  return (
    <svg className="order-svg" width={width} height={rows.height} aria-hidden="true">
      <text className="axis-title" x={PAD} y={16}>
        Storage order
        <tspan className="axis-sub"> · {captions.storage}</tspan>
      </text>
      <line className="axis" x1={x0} x2={x1} y1={rows.top} y2={rows.top} />
      <line className="axis" x1={x0} x2={x1} y1={rows.bottom} y2={rows.bottom} />
      <text className="axis-title" x={PAD} y={rows.bottom + 40}>
        Acceptance order<tspan className="axis-sub"> · {captions.acceptance}</tspan>
      </text>
      {rows.lanes.map((lane) => (
        <g key={lane.lane}>
          <line className="lane-rule" x1={PAD} x2={width - PAD} y1={lane.y - 22} y2={lane.y - 22} />
          <text className="lane-title" x={PAD} y={lane.y - 9}>
            {lane.title}
          </text>
        </g>
      ))}
      <CutoffShade data={data} rows={rows} width={width} t={t} />
      <OrderBoundaries boundaries={data.boundaries} count={model.n} rows={rows} width={width} t={t} />
      {!dense && <OrderMarks model={model} cutRank={data.cutRank} isLeak={data.isLeak} rows={rows} width={width} t={t} />}
      <OrderOverlay data={data} rows={rows} width={width} t={t} dense={dense} />
    </svg>
  );
}
