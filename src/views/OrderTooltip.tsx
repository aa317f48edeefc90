import { placeLabel } from '../core/place';
import { kindLabel } from '../viz/categories';
import { LANE } from '../core/recordOrder';
import type { OrderData } from './useOrderData';
import { clipChars, LABEL_CHARS } from '../core/markdownText';
import { Marked } from './Marked';

// The missing lane has no note: the tooltip's accept_seq line already says 'no accept_seq'.
const LANE_NOTE: Record<number, string> = {
  [LANE.unaccepted]: 'not accepted',
  [LANE.other]: 'kind not analysed',
};

/**
 * What the hovered record is, as plain text (log content is never markup).
 * Below the pointer in the figure's upper half, above it in the lower half: the figure clips what passes its edge,
 * and a tooltip under a mark in the bottom lane showed its id alone.
 */
export function OrderTooltip({ data, x, y, width, height }: { data: OrderData; x: number; y: number; width: number; height: number }) {
  const i = data.hover!;
  const r = data.model.records[i]!;
  const leak = data.isLeak(i);
  const lane = data.model.lane[i]!;
  return (
    <div className="tooltip" style={{ left: Math.min(x + 12, Math.max(0, width - 240)), ...(y > height / 2 ? { bottom: height - y + 14 } : { top: y + 14 }) }} role="presentation">
      <div className="tooltip-title mono">
        <Marked text={clipChars(String(r.id), LABEL_CHARS)} />
      </div>
      <div>
        {kindLabel(r)} · {placeLabel(data.inputs, r.fileIndex, r.line)} · storage #{i + 1}
      </div>
      <div>
        {r.acceptSeq === null ? 'no accept_seq' : `accept_seq ${r.acceptSeq}`}
        {data.model.duplicate[i] ? ' (shared with another record)' : ''}
      </div>
      {LANE_NOTE[lane] !== undefined && <div className="muted">{LANE_NOTE[lane]}</div>}
      {data.model.displaced[i] === 1 && <div className="tooltip-flag">stored after a record accepted later</div>}
      {leak && <div className="tooltip-flag leak-text">future leak at N = {data.n}</div>}
      <div className="muted">{data.focus === i ? 'Selected · shown in the Record panel' : 'Click to select'}</div>
    </div>
  );
}
