import { useMemo } from 'react';
import { categoryVar } from '../viz/categories';
import { orderLegendEntries, type LegendEntry } from '../viz/orderLegendEntries';
import type { OrderModel } from '../viz/orderModel';

const MARK_CLASS: Record<Exclude<LegendEntry['mark'], 'category'>, string> = {
  inversion: 'legend-line inversion',
  shared: 'legend-diamond',
  leak: 'legend-ring leak',
  boundary: 'legend-line boundary',
  turn: 'legend-line turn',
};

/** A leak as the dense view draws it (OrderCanvas): a 2 by 6 pixel tick in the leak colour, not a ring. */
function LeakTick() {
  return (
    <svg width="8" height="10" viewBox="0 0 8 10" aria-hidden="true" style={{ verticalAlign: -1, marginRight: 4 }}>
      <rect x="3" y="2" width="2" height="6" fill="var(--leak)" />
    </svg>
  );
}

function Swatch({ entry }: { entry: LegendEntry }) {
  if (entry.mark === 'category') return <span className="swatch" style={{ background: `var(${categoryVar(entry.category!)})` }} />;
  if (entry.mark === 'leak' && entry.tick) return <LeakTick />;
  return <span className={MARK_CLASS[entry.mark]} />;
}

/**
 * The colours that occur in this session, and what the lines and markers mean.
 * `dense`: the view draws binned marks, where a leak is a tick, not a ring.
 */
export function OrderLegend({ model, boundaries = false, turns = false, dense = false }: { model: OrderModel; boundaries?: boolean; turns?: boolean; dense?: boolean }) {
  const entries = useMemo(() => orderLegendEntries(model, { boundaries, turns, leakTicks: dense }), [model, boundaries, turns, dense]);
  return (
    <ul className="legend" aria-label="Legend">
      {entries.map((e) => (
        <li key={e.key}>
          <Swatch entry={e} />
          {e.mark === 'category' ? e.label : ` ${e.label}`}
        </li>
      ))}
    </ul>
  );
}
