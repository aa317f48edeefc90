import { flushSync } from 'react-dom';
import { RowOffsets } from '../viz/rowOffsets';
import { alignToShow, anchorRow, offsetToShow, pinnedAbove, rangeAt, windowRows, type Align, type RowRange } from '../viz/rowWindow';
import { RowFocus } from './rowFocus';
import { RowIdentities } from './rowIdentities';
import { FastScroll, homeEndOffset, ScrollToEnd } from './scrollUnderWay';
import { PutOffScroll } from './putOffScroll';
import { RowMeasures, type RowHeights } from './rowMeasures';
import type { RowWindowOptions, RowWindowView } from './rowWindowOptions';

const NONE: readonly number[] = [];
/** Frames a scroll to a row keeps following it as the rows around it are measured. */
const FOLLOW_FRAMES = 30;

/** The state of a window on a long list kept across renders, and the listeners that keep it up to date (useRowWindow). */
export class RowWindow {
  readonly offsets = new RowOffsets();
  options!: RowWindowOptions;
  private readonly identities = new RowIdentities();
  rerender: () => void = () => {};
  private el: HTMLElement | null = null;
  private offset = 0;
  private viewport = 0;
  private shown = '';
  private readonly measures = new RowMeasures(() => this.options.heightOf);
  private viewObserver: ResizeObserver | null = null;
  /** A scroll to a row still followed, and the offset last written for it (a scroll elsewhere is the user's). */
  private target: { index: number; align: Align; frames: number } | null = null;
  private written = NaN;
  /**
   * The row last scrolled to (a finding chosen or arrowed to), kept in its place on screen as rows are measured
   * until the user scrolls: with the row at the view's top kept instead, a row above the chosen one measured
   * shorter moved it up under a heading stuck at the top.
   */
  private chosen: number | null = null;
  private readonly fast = new FastScroll();
  private readonly pending = new PutOffScroll();
  private readonly toEnd = new ScrollToEnd();
  private readonly focus = new RowFocus(
    () => this.offset,
    () => this.rerender(),
  );

  /** Takes a render's options: the row count and estimate, and forgets the heights of rows no longer where they were measured. */
  update(options: RowWindowOptions): void {
    const count = this.offsets.count;
    this.options = options;
    this.offsets.adaptive = options.adaptEstimate ?? false;
    this.offsets.reset(options.count, options.estimate);
    if (options.keyOf) this.identities.forgetReplaced(this.offsets, options.keyOf, count === options.count ? this.range() : null);
    // Another list (a filter): the row followed is another row now, if there is one at that index.
    if (count !== options.count) this.letGo();
  }

  view(): RowWindowView {
    this.focus.rendered();
    const range = this.range();
    this.shown = this.key(range);
    const keep = [...[this.options.keep ?? NONE].flat(), this.focus.focused];
    return { rows: windowRows(this.offsets, range, this.options.pinned ?? NONE, keep), total: this.offsets.total(), measure: this.measure, scrollToIndex: this.scrollToIndex };
  }

  readonly measure = this.measures.measure;

  readonly scrollToIndex = (index: number): void => {
    if (!this.el || index < 0 || index >= this.offsets.count) return;
    // The page's scroll as it is now is taken as written here: the browser's own scroll to the row (focus, scrollIntoView) is no scroll of the user's.
    this.pending.scrolledTo(this.el.scrollTop);
    this.offset = this.written = this.pending.offset ?? this.el.scrollTop;
    this.chosen = index;
    const pad = this.options.scrollPaddingTop ?? 0;
    const align = alignToShow(this.offsets, index, this.offset, this.viewport, pad);
    if (align === null) {
      this.target = null;
      return;
    }
    const target = { index, align, frames: 0 };
    this.target = target;
    const to = offsetToShow(this.offsets, index, align, this.viewport, pad);
    // With rows about to be drawn anew, the scroll to the row is written when they are, in place of the one put off.
    if (this.pending.replace(to)) this.offset = this.written = to;
    else this.scrollTo(to);
    this.follow(target);
    this.renderIfMoved(false);
  };

  /** After each commit: takes the scroller if it is new, and measures the rows that mounted or moved. */
  afterCommit(): void {
    const el = this.options.count > 0 ? this.options.scroller.current : null;
    if (el !== this.el) this.attach(el);
    const back = this.focus.committed();
    if (back !== null) this.scrollTo(back);
    this.writePending();
    const read = this.measures.readCommitted();
    if (this.el && read.length > 0) this.apply(read);
    this.renderIfMoved(false);
  }

  detach(): void {
    this.el?.removeEventListener('scroll', this.onScroll);
    this.el?.removeEventListener('scrollend', this.onScrollEnd);
    this.focus.detach();
    this.el?.removeEventListener('keydown', this.onKeyDown);
    this.el?.style.removeProperty('overflow-anchor');
    this.measures.clear();
    this.viewObserver?.disconnect();
    this.viewObserver = this.el = null;
    this.fast.ended();
    this.toEnd.forget();
    this.pending.take();
    this.letGo();
  }

  private attach(el: HTMLElement | null): void {
    this.detach();
    if (!el) return;
    this.el = el;
    // The browser's own scroll anchoring would move the view for rows mounted or grown above it as well: twice.
    el.style.overflowAnchor = 'none';
    el.addEventListener('scroll', this.onScroll, { passive: true });
    el.addEventListener('scrollend', this.onScrollEnd);
    this.focus.attach(el);
    el.addEventListener('keydown', this.onKeyDown);
    const Observer = el.ownerDocument.defaultView?.ResizeObserver;
    if (Observer) {
      this.measures.observe(Observer, this.onRowsResized);
      this.viewObserver = new Observer(() => {
        this.readView();
        this.renderIfMoved(true);
      });
      this.viewObserver.observe(el);
    }
    this.readView();
  }

  private readView(): void {
    const el = this.el!;
    this.offset = el.scrollTop;
    this.viewport = el.clientHeight > 0 ? el.clientHeight : (this.options.unmeasuredViewport ?? 0);
  }

  private readonly onScroll = (): void => {
    const el = this.el!;
    this.toEnd.scrolled(el);
    this.takeOffset(el);
    if (this.scrolledByUser()) this.letGo();
    this.renderIfMoved(false);
  };

  /**
   * Takes the offset the browser is scrolled to: a step of more than a view since the offset last taken
   * starts a fast scroll. Rows measured in the frame the browser scrolled in see its step before its scroll
   * event does, which then saw none, and the scroll was written all through Home's smooth scroll.
   */
  private takeOffset(el: HTMLElement): void {
    const was = this.offset;
    this.offset = el.scrollTop;
    this.fast.stepped(el, was, this.offset, this.viewport);
  }

  private readonly onScrollEnd = (): void => {
    this.fast.ended();
    const to = this.toEnd.ended(this.el);
    if (to === null) return;
    this.scrollTo(to);
    this.renderIfMoved(true);
  };

  private readonly onKeyDown = (e: KeyboardEvent): void => {
    const to = this.el ? homeEndOffset(e, this.el) : null;
    if (to === null) return;
    e.preventDefault();
    this.letGo();
    this.scrollTo(to);
    this.renderIfMoved(true);
  };

  private readonly onRowsResized = (read: RowHeights): void => {
    if (this.el && read.length > 0) this.apply(read);
    this.renderIfMoved(true);
  };

  /**
   * Takes rows' heights. The row at the view's top keeps its place on screen: the rows above it that
   * changed have already moved it in the page, so the scroll moves by as much. A view at the list's end
   * stays at its end, and a scroll to a row still followed goes to where that row is now.
   */
  private apply(read: RowHeights): void {
    const el = this.el!;
    // A list hidden (display: none) lays nothing out, its rows all 0 high: taken, each row rendered at 0 moved the
    // window on to rows not yet measured, which measured 0 in turn, through the whole list (React stopped the page).
    if (el.clientHeight === 0) return;
    this.takeOffset(el);
    // Rows measured in the frame the user scrolled in are reported before the scroll event: the scroll is still the user's.
    if (this.scrolledByUser()) this.letGo();
    const before = this.offsets.total();
    const anchor = anchorRow(this.offsets, this.chosen, this.offset, this.viewport);
    const into = this.offset - this.offsets.start(anchor);
    const fast = this.fast.on;
    const estimate = this.offsets.estimate;
    let changed = this.offsets.holdEstimate(fast);
    const keyOf = this.options.keyOf;
    for (const [i, h] of read) {
      // A row measured for a list since cut shorter (a deferred render paused between the two) is no row now: its key would be read past the end.
      if (i >= this.offsets.count) continue;
      if (this.offsets.set(i, h) !== 0) changed = true;
      if (keyOf) this.identities.took(i, keyOf);
    }
    if (!changed) return;
    // The rows not measured, drawn as spacers, are yet to be drawn at a new estimate; those measured already are.
    const respaced = (this.offsets.count - this.offsets.measured) * (this.offsets.estimate - estimate);
    const redraw = respaced !== 0;
    // The page already holds the rows as measured; what it holds besides them (a table's head) is as before.
    // Rows that shrank have had the browser cut an offset at the end back to the new end: it is there still.
    const most = el.scrollHeight - el.clientHeight + respaced;
    const atEnd = this.offset > 0 && this.offset >= most - respaced - Math.max(0, this.offsets.total() - before - respaced) - 1;
    const t = this.target;
    if (!t && !atEnd && fast) return;
    const to = t ? offsetToShow(this.offsets, t.index, t.align, this.viewport, this.options.scrollPaddingTop ?? 0) : atEnd ? most : this.offsets.start(anchor) + into;
    if (Math.abs(to - this.offset) < 0.5) return;
    if (!redraw) return this.scrollTo(to);
    this.pending.put(to, this.offset);
    this.offset = this.written = to;
  }

  /** Neither follows nor keeps in place the row last scrolled to: the user scrolled, or the list is another. */
  private letGo(): void {
    this.target = this.chosen = null;
  }

  /**
   * Whether the page is scrolled elsewhere than last written: by the user (a step of one pixel too, or a
   * follow would put it back). A scroll put off until the spacers are drawn anew has not been written yet.
   */
  private scrolledByUser(): boolean {
    return this.pending.offset === null && this.el !== null && Math.abs(this.el.scrollTop - this.written) >= 1;
  }

  private scrollTo(offset: number): void {
    const el = this.el!;
    el.scrollTop = offset;
    this.offset = this.written = el.scrollTop;
  }

  /**
   * For a few frames after a scroll to a row, goes on bringing it to its place as rows near it are measured. It does
   * not stop once the row is in place: rows mounted by the scroll are measured by the browser's resize observer
   * after this frame's callbacks, and a slow machine measures them frames later still.
   */
  private follow(target: NonNullable<RowWindow['target']>): void {
    const win = this.el?.ownerDocument.defaultView;
    if (!win) return;
    win.requestAnimationFrame(() => {
      if (this.target !== target) return;
      if (!this.el || target.index >= this.offsets.count || ++target.frames > FOLLOW_FRAMES || this.scrolledByUser()) {
        this.target = null;
        return;
      }
      const to = offsetToShow(this.offsets, target.index, target.align, this.viewport, this.options.scrollPaddingTop ?? 0);
      if (Math.abs(to - this.el.scrollTop) >= 1) {
        this.scrollTo(to);
        this.renderIfMoved(true);
      }
      this.follow(target);
    });
  }

  private range(): RowRange | null {
    return rangeAt(this.offsets, this.offset, this.viewport, this.options.overscan);
  }

  private pinnedOf(range: RowRange | null): number {
    return range ? pinnedAbove(this.options.pinned ?? NONE, range) : -1;
  }

  /** Renders again when the rows to render changed; `sync` when called outside React, so they are drawn in this frame. */
  private renderIfMoved(sync: boolean): void {
    const range = this.range();
    if (this.key(range) === this.shown) {
      this.writePending();
      return;
    }
    this.shown = this.key(range);
    if (sync) flushSync(this.rerender);
    else this.rerender();
  }

  /** What the rows rendered depend on: which rows, and the estimate the spacers for the others are drawn with. */
  private key(range: RowRange | null): string {
    return range ? `${range.from}-${range.to}-${this.pinnedOf(range)}-${this.offsets.estimate}` : '';
  }

  /** Writes the scroll put off until the spacers were drawn with the estimate it was worked out with. */
  private writePending(): void {
    const to = this.pending.take();
    if (to !== null && this.el) this.scrollTo(to);
  }
}
