import { useMemo } from 'react';
import { CATEGORIES, categoryVar } from '../viz/categories';
import type { OrderModel } from '../viz/orderModel';

/** The colours that occur in this session, and what the lines and markers mean. */
export function OrderLegend({ model }: { model: OrderModel }) {
  const present = useMemo(() => {
    const seen = new Set<number>();
    for (const c of model.category) seen.add(c);
    return CATEGORIES.map((c, i) => ({ ...c, i })).filter((c) => seen.has(c.i));
  }, [model]);
  return (
    <ul className="legend" aria-label="Legend">
      {present.map((c) => (
        <li key={c.id}>
          <span className="swatch" style={{ background: `var(${categoryVar(c.i)})` }} />
          {c.label}
        </li>
      ))}
      {model.displaced.includes(1) && (
        <li>
          <span className="legend-line inversion" /> stored after a later-accepted record
        </li>
      )}
      {model.duplicate.includes(1) && (
        <li>
          <span className="legend-diamond" /> shared accept_seq
        </li>
      )}
      {/* Without an acceptance order there is no cutoff, so nothing can leak. */}
      {model.hasAcceptanceOrder && (
        <li>
          <span className="legend-ring leak" /> future leak
        </li>
      )}
    </ul>
  );
}
