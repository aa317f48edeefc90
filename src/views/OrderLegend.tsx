import { useMemo } from 'react';
import { categoryVar } from '../viz/categories';
import { orderLegendEntries, type LegendEntry } from '../viz/orderLegendEntries';
import type { OrderModel } from '../viz/orderModel';

const MARK_CLASS: Record<Exclude<LegendEntry['mark'], 'category'>, string> = {
  inversion: 'legend-line inversion',
  shared: 'legend-diamond',
  leak: 'legend-ring leak',
  boundary: 'legend-line boundary',
};

/** The colours that occur in this session, and what the lines and markers mean. */
export function OrderLegend({ model, boundaries = false }: { model: OrderModel; boundaries?: boolean }) {
  const entries = useMemo(() => orderLegendEntries(model, { boundaries }), [model, boundaries]);
  return (
    <ul className="legend" aria-label="Legend">
      {entries.map((e) => (
        <li key={e.key}>
          {e.mark === 'category' ? <span className="swatch" style={{ background: `var(${categoryVar(e.category!)})` }} /> : <span className={MARK_CLASS[e.mark]} />}
          {e.mark === 'category' ? e.label : ` ${e.label}`}
        </li>
      ))}
    </ul>
  );
}
