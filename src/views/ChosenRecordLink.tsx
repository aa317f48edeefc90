import { placeLabel } from '../core/place';
import { scrollToRecordPanel } from './revealRecordPanel';
import type { OrderData } from './useOrderData';

/**
 * On a phone the record panel is stacked far below the order chart. Choosing a
 * mark does not scroll there (a user stepping through marks would lose the
 * chart at each step); this link, shown at that width only (order.css), goes
 * to the chosen record in one tap.
 */
export function ChosenRecordLink({ data }: { data: OrderData }) {
  if (data.focus === null) return null;
  const r = data.model.records[data.focus]!;
  return (
    <p className="chosen-record-link">
      <button type="button" className="link-button" onClick={scrollToRecordPanel}>
        Show the chosen record ({placeLabel(data.inputs, r.fileIndex, r.line)}) ↓
      </button>
    </p>
  );
}
