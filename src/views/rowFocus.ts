/**
 * Focus in a window's rows as rows come and go. A focused row scrolled out of the window loses focus as it
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

  /** `offset` reads the scroll offset the window renders for. */
  constructor(private readonly offset: () => number) {}

  attach(el: HTMLElement): void {
    this.el = el;
    el.addEventListener('focusout', this.onFocusOut);
  }

  detach(): void {
    this.el?.removeEventListener('focusout', this.onFocusOut);
    this.el = null;
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

  private readonly onFocusOut = (e: FocusEvent): void => {
    if (this.committing && e.target instanceof Element) this.blurred = { from: e.target, offset: this.offset() };
  };
}
