import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { lastAtOrBelow } from '../core/cutoff';
import { useCallback, useEffect, useRef, type KeyboardEventHandler, type ReactNode, type Ref } from 'react';

/** Lists up to this long render every row; longer ones render the rows in view (a million findings stay one scroll). */
export const VIRTUAL_FROM = 300;

export interface RowProps {
  /** Attach to the row's element (an `li`) so its real height is measured; absent when the list is not virtualised. */
  readonly measure?: Ref<HTMLLIElement>;
  readonly 'data-index'?: number;
}

const NO_ROWS: readonly number[] = [];

/**
 * A row's height as laid out, fractions kept: the virtualiser's own measure rounds it, so over the rows
 * rendered above one, its place drifted from where the list drew it (3 px over ten findings), and a
 * row scrolled to the top stopped partly under the group heading stuck there.
 */
export function rowHeight(el: Element, entry: ResizeObserverEntry | undefined): number {
  return entry?.borderBoxSize[0]?.blockSize ?? el.getBoundingClientRect().height;
}

/**
 * A `ul` that is its own scroll container. Short lists render every row; a
 * long one renders only the rows in and near view (@tanstack/react-virtual),
 * in normal flow with spacers for the rows left out, so sticky headers and
 * the rows' own layout work as in a plain list. `scrollTo` brings a row into
 * view.
 */
export function VirtualList({
  count,
  estimate,
  row,
  className,
  label,
  scrollTo = null,
  scrollToken = 0,
  pinned = NO_ROWS,
  scrollPaddingTop = 0,
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
  /**
   * Rows (ascending) that stick to the top while the rows after them scroll, a group's heading: the
   * last one above the rows in view stays rendered however far down the list is scrolled, or it
   * would leave the page, and its group with no heading, once scrolled past the rows kept around the view.
   */
  pinned?: readonly number[];
  /** Height at the top that a pinned row covers: a row scrolled into view stops below it, not under it. */
  scrollPaddingTop?: number;
  /** On the list itself: a wrapper element would leave the list out of its panel's flex layout, so it would never scroll. */
  onKeyDown?: KeyboardEventHandler<HTMLUListElement>;
}) {
  const ref = useRef<HTMLUListElement>(null);
  const virtual = count > VIRTUAL_FROM;
  const rangeExtractor = useCallback(
    (range: Range) => {
      const rows = defaultRangeExtractor(range);
      const at = lastAtOrBelow(pinned, range.startIndex);
      const head = at < 0 ? -1 : pinned[at]!;
      return head < 0 || head >= (rows[0] ?? 0) ? rows : [head, ...rows];
    },
    [pinned],
  );
  const v = useVirtualizer({
    count: virtual ? count : 0,
    getScrollElement: () => ref.current,
    estimateSize: () => estimate,
    overscan: 10,
    rangeExtractor,
    measureElement: rowHeight,
    scrollPaddingStart: scrollPaddingTop,
  });
  useEffect(() => {
    if (virtual && scrollTo !== null && scrollTo >= 0 && scrollTo < count) v.scrollToIndex(scrollTo, { align: 'auto' });
  }, [virtual, scrollTo, scrollToken, count, v]);
  // The browser's own scrolling (scrollIntoView, focus) keeps the same room as the virtualiser's.
  const style = scrollPaddingTop > 0 ? { scrollPaddingTop } : undefined;
  if (!virtual) {
    return (
      <ul ref={ref} className={className} aria-label={label} onKeyDown={onKeyDown} style={style}>
        {Array.from({ length: count }, (_, i) => row(i, {}))}
      </ul>
    );
  }
  const items = v.getVirtualItems();
  const rows: ReactNode[] = [];
  let end = 0;
  for (const item of items) {
    // A spacer stands for each run of rows left out: before the first, and between a pinned row kept and the rows in view.
    if (item.start > end) rows.push(<li key={`gap-${item.index}`} role="presentation" className="virtual-spacer" style={{ height: item.start - end }} />);
    rows.push(row(item.index, { measure: v.measureElement, 'data-index': item.index }));
    end = item.end;
  }
  return (
    <ul ref={ref} className={`${className} virtual-list`} aria-label={label} onKeyDown={onKeyDown} style={style}>
      {rows}
      <li role="presentation" className="virtual-spacer" style={{ height: Math.max(0, v.getTotalSize() - end) }} />
    </ul>
  );
}
