import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type KeyboardEventHandler, type ReactNode, type Ref } from 'react';

/** Lists up to this long render every row; longer ones render the rows in view (a million findings stay one scroll). */
export const VIRTUAL_FROM = 300;

export interface RowProps {
  /** Attach to the row's element (an `li`) so its real height is measured; absent when the list is not virtualised. */
  readonly measure?: Ref<HTMLLIElement>;
  readonly 'data-index'?: number;
}

/**
 * A `ul` that is its own scroll container. Short lists render every row; a
 * long one renders only the rows in and near view (@tanstack/react-virtual),
 * in normal flow between two spacers, so sticky headers and the rows' own
 * layout work as in a plain list. `scrollTo` brings a row into view.
 */
export function VirtualList({
  count,
  estimate,
  row,
  className,
  label,
  scrollTo = null,
  scrollToken = 0,
  onKeyDown,
}: {
  count: number;
  estimate: number;
  row: (index: number, props: RowProps) => ReactNode;
  className: string;
  label: string;
  scrollTo?: number | null;
  /** Changes when the same row should be brought into view again. */
  scrollToken?: number;
  /** On the list itself: a wrapper element would leave the list out of its panel's flex layout, so it would never scroll. */
  onKeyDown?: KeyboardEventHandler<HTMLUListElement>;
}) {
  const ref = useRef<HTMLUListElement>(null);
  const virtual = count > VIRTUAL_FROM;
  const v = useVirtualizer({ count: virtual ? count : 0, getScrollElement: () => ref.current, estimateSize: () => estimate, overscan: 10 });
  useEffect(() => {
    if (virtual && scrollTo !== null && scrollTo >= 0 && scrollTo < count) v.scrollToIndex(scrollTo, { align: 'auto' });
  }, [virtual, scrollTo, scrollToken, count, v]);
  if (!virtual) {
    return (
      <ul ref={ref} className={className} aria-label={label} onKeyDown={onKeyDown}>
        {Array.from({ length: count }, (_, i) => row(i, {}))}
      </ul>
    );
  }
  const items = v.getVirtualItems();
  const top = items[0]?.start ?? 0;
  const bottom = v.getTotalSize() - (items[items.length - 1]?.end ?? 0);
  return (
    <ul ref={ref} className={`${className} virtual-list`} aria-label={label} onKeyDown={onKeyDown}>
      <li role="presentation" className="virtual-spacer" style={{ height: top }} />
      {items.map((item) => row(item.index, { measure: v.measureElement, 'data-index': item.index }))}
      <li role="presentation" className="virtual-spacer" style={{ height: Math.max(0, bottom) }} />
    </ul>
  );
}
