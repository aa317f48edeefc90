import { Fragment, useEffect, useRef, type Key, type KeyboardEventHandler, type ReactNode, type Ref } from 'react';
import { spacedRows } from '../viz/rowWindow';
import { useRowWindow } from './useRowWindow';

/** Lists up to this long render every row; longer ones render the rows in view (a million findings stay one scroll). */
export const VIRTUAL_FROM = 300;

/** What a row's element (an `li`) takes, all of it: spread onto it (`<li {...props}>`), its place in the list comes along; its key is the list's (`keyOf`). */
export interface RowProps {
  /** The row's element, so its real height is measured; absent when the list is not virtualised. */
  readonly ref?: Ref<HTMLLIElement>;
  readonly 'data-index'?: number;
  /**
   * The row's place among the list's items and their number, for a list drawn in part: a screen reader
   * counts the items in the page (25 of 11,846 findings). Absent on a row that is no item (`items.of` gives -1).
   */
  readonly 'aria-posinset'?: number;
  readonly 'aria-setsize'?: number;
}

const NO_ROWS: readonly number[] = [];

const PLACE_KEY = (index: number): Key => index;

/**
 * A row's height as laid out, fractions kept: rounded (as @tanstack/react-virtual measured), over the rows
 * rendered above one, its place drifted from where the list drew it (3 px over ten findings), and a
 * row scrolled to the top stopped partly under the group heading stuck there.
 */
export function rowHeight(el: Element, entry: ResizeObserverEntry | undefined): number {
  return entry?.borderBoxSize[0]?.blockSize ?? el.getBoundingClientRect().height;
}

/**
 * A `ul` that is its own scroll container. Short lists render every row; a
 * long one renders only the rows in and near view (useRowWindow),
 * in normal flow with spacers for the rows left out, so sticky headers and
 * the rows' own layout work as in a plain list. `scrollTo` brings a row into
 * view.
 */
export function VirtualList({
  count,
  estimate,
  row,
  keyOf = PLACE_KEY,
  className,
  label,
  scrollTo = null,
  scrollToken = 0,
  pinned = NO_ROWS,
  scrollPaddingTop = 0,
  keep = -1,
  items,
  onKeyDown,
}: {
  count: number;
  estimate: number;
  row: (index: number, props: RowProps) => ReactNode;
  /**
   * Row i's key, set on what `row` makes, and its identity: a list replaced (a code filter, another file) draws its rows
   * not yet measured at the estimate, not at the heights of the rows before. By default a row is keyed by its place.
   */
  keyOf?: (index: number) => Key;
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
  /**
   * A row kept in the page however far the list is scrolled from it: the list's one tab stop (a roving
   * tabindex), which Tab from before the list lands on. The row holding focus is kept besides (RowWindow).
   */
  keep?: number;
  /** The list's items when not every row is one (a group heading is none): their number, and row i's place among them (-1: none). */
  items?: { readonly count: number; readonly of: (index: number) => number };
  /** On the list itself: a wrapper element would leave the list out of its panel's flex layout, so it would never scroll. */
  onKeyDown?: KeyboardEventHandler<HTMLUListElement>;
}) {
  const ref = useRef<HTMLUListElement>(null);
  const virtual = count > VIRTUAL_FROM;
  const { rows: shown, total, measure, scrollToIndex } = useRowWindow({
    scroller: ref,
    count: virtual ? count : 0,
    estimate,
    adaptEstimate: true,
    overscan: 10,
    pinned,
    keep,
    scrollPaddingTop,
    heightOf: rowHeight,
    keyOf,
  });
  useEffect(() => {
    if (virtual && scrollTo !== null && scrollTo >= 0 && scrollTo < count) scrollToIndex(scrollTo);
  }, [virtual, scrollTo, scrollToken, count, scrollToIndex]);
  // The browser's own scrolling (scrollIntoView, focus) keeps the same room as a scroll to a row does.
  const style = scrollPaddingTop > 0 ? { scrollPaddingTop } : undefined;
  if (!virtual) {
    return (
      <ul ref={ref} className={className} aria-label={label} onKeyDown={onKeyDown} style={style}>
        {Array.from({ length: count }, (_, i) => (
          <Fragment key={keyOf(i)}>{row(i, {})}</Fragment>
        ))}
      </ul>
    );
  }
  const rows: ReactNode[] = [];
  const spaced = spacedRows(shown, total);
  for (const item of spaced.rows) {
    if (item.gap > 0) rows.push(<li key={`gap-${item.gapKey}`} role="presentation" className="virtual-spacer" style={{ height: item.gap }} />);
    const at = items ? items.of(item.index) : item.index;
    const place = at < 0 ? {} : { 'aria-posinset': at + 1, 'aria-setsize': items ? items.count : count };
    rows.push(<Fragment key={keyOf(item.index)}>{row(item.index, { ref: measure, 'data-index': item.index, ...place })}</Fragment>);
  }
  return (
    <ul ref={ref} className={`${className} virtual-list`} aria-label={label} onKeyDown={onKeyDown} style={style}>
      {rows}
      <li key="gap-bottom" role="presentation" className="virtual-spacer" style={{ height: spaced.below }} />
    </ul>
  );
}
