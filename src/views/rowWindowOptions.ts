import type { RefObject } from 'react';
import type { WindowRow } from '../viz/rowWindow';
import type { KeyOf } from './rowIdentities';
import type { HeightOf } from './rowMeasures';

/** What a window on a long list is asked for (useRowWindow's options), and what it gives a render. */
export interface RowWindowOptions {
  /** The element that scrolls; the rows are laid out in it, from its top. */
  readonly scroller: RefObject<HTMLElement | null>;
  /** 0 renders nothing (a list short enough to render whole, or one closed). */
  readonly count: number;
  /** A row's height until it is measured. */
  readonly estimate: number;
  /** Rows rendered past each edge of the view, so a scroll shows rows already there. */
  readonly overscan: number;
  /** Rows (ascending) of which the last one at or above the view's top stays rendered: a sticky group heading. */
  readonly pinned?: readonly number[];
  /** Rows rendered wherever they are (-1 for none), besides the row holding focus, which is always kept. */
  readonly keep?: number | readonly number[];
  /** Rows not yet measured are taken to be as high as the mean of those measured, not `estimate` (which is used until one is). */
  readonly adaptEstimate?: boolean;
  /** Room at the view's top a sticky heading covers: a row scrolled to stops below it. */
  readonly scrollPaddingTop?: number;
  /** A row's height as laid out; needed only when the rows are measured. */
  readonly heightOf?: HeightOf;
  /**
   * The identity of the row at an index: a height measured stays with the row it was measured for, and a
   * list replaced draws the rows it has not measured at the estimate. Without it, heights stay with places.
   */
  readonly keyOf?: KeyOf;
  /** The view's height while the scroller has none (a popup in the frame it opens in, a test DOM). */
  readonly unmeasuredViewport?: number;
}

export interface RowWindowView {
  readonly rows: readonly WindowRow[];
  /** The height of all rows. */
  readonly total: number;
  /** A ref for each row's element (which carries `data-index`): its height is read and kept up to date. */
  readonly measure: (el: Element | null) => void;
  /** Scrolls so that the row is in view, as little as needed; the view follows the row as the rows near it are measured. */
  readonly scrollToIndex: (index: number) => void;
}
