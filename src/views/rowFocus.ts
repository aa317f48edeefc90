import { rowIndexOf } from './rowMeasures';

/**
 * Focus in a window's rows as rows come and go. The row holding focus is kept in the page however far the
 * list is scrolled from it: removed, it took focus with it to the page's body (a link in a record's links,
 * a finding's note, a record's link in the eval identities), and the keys went on to scroll the page. A focused row scrolled out of the window loses focus as it
 * is removed, and the browser lays the list out then, in the middle of the commit, without the rows still to
 * come: the list is short for a moment and the scroll is cut back to its end (from a list's end into its
 * middle). The offset rendered for is put back once the commit is done.
 */
export class RowFocus {
  private el: HTMLElement | null = null;
  /** Rendered and not yet committed: focus lost meanwhile is lost to a row's removal. */
  private committing = false;
  /** The element that lost focus in the list during a commit, and the offset rendered for. */
  private blurred: { from: Element; offset: number } | null = null;
  private focusedRow = -1;

  /** `offset` reads the scroll offset the window renders for; `moved` is told when focus went to another row, or left the rows. */
  constructor(
    private readonly offset: () => number,
    private readonly moved: () => void,
  ) {}

  /** The row holding focus, to keep in the page; -1 for none. */
  get focused(): number {
    return this.focusedRow;
  }

  attach(el: HTMLElement): void {
    this.el = el;
    el.addEventListener('focusin', this.onFocusIn);
    el.addEventListener('focusout', this.onFocusOut);
  }

  detach(): void {
    this.el?.removeEventListener('focusin', this.onFocusIn);
    this.el?.removeEventListener('focusout', this.onFocusOut);
    this.el = null;
    this.focusedRow = -1;
  }

  /** The window rendered rows; they are committed next. */
  rendered(): void {
    this.committing = true;
  }

  /** The rows rendered are in the page: the offset to put the scroll back to, or null where the commit left it alone. */
  committed(): number | null {
    this.committing = false;
    const b = this.blurred;
    this.blurred = null;
    if (b && this.el && !b.from.isConnected && Math.abs(this.el.scrollTop - b.offset) > 1) return b.offset;
    return null;
  }

  private readonly onFocusIn = (e: FocusEvent): void => {
    const row = e.target instanceof Element ? e.target.closest('[data-index]') : null;
    // A row of this list: the scroller itself, or a list it sits in, is none.
    this.focus(row && row !== this.el && this.el?.contains(row) ? rowIndexOf(row) : -1);
  };

  private readonly onFocusOut = (e: FocusEvent): void => {
    // Focus moved on to another row (a finding arrowed to) is no focus lost to a removal: the browser's scroll
    // bringing that row into view (scrollIntoView, focus) is not to be undone by putting back an offset taken before it.
    if (e.relatedTarget instanceof Node && this.el?.contains(e.relatedTarget)) return;
    if (this.committing && e.target instanceof Element) this.blurred = { from: e.target, offset: this.offset() };
    // The page itself lost focus (another tab, another window): the element keeps it, and gets it back on return,
    // if it is still in the page; its row let go and scrolled away was removed, and focus came back to the body.
    const doc = e.target instanceof Element ? e.target.ownerDocument : null;
    if (doc && doc.activeElement === e.target && !doc.hasFocus()) return;
    this.focus(-1);
  };

  private focus(row: number): void {
    if (row === this.focusedRow) return;
    this.focusedRow = row;
    this.moved();
  }
}
