/**
 * A scroll worked out for rows whose estimate changed, to be written once the spacers standing for the rows not
 * measured are drawn anew (written into the page as it was, it was cut short at its end and the rows moved after),
 * and the page's scroll it was worked out from.
 */
export class PutOffScroll {
  private to: number | null = null;
  private from = 0;

  /** Where the page is to be scrolled once the rows are drawn anew; null when nothing is put off. */
  get offset(): number | null {
    return this.to;
  }

  put(to: number, from: number): void {
    this.to = to;
    this.from = from;
  }

  /**
   * The page was scrolled to `now` before the scroll put off is written: the browser brought a row into view
   * (its effects run after the commit that put the scroll off). The scroll put off moves by as much, or written
   * it undid that scroll, and a finding arrowed to quickly was left above the view about half the time.
   */
  scrolledTo(now: number): void {
    if (this.to === null) return;
    this.to += now - this.from;
    this.from = now;
  }

  /** Another offset to write instead, worked out for the rows as they will be drawn; kept only if a scroll is put off. */
  replace(to: number): boolean {
    if (this.to === null) return false;
    this.to = to;
    return true;
  }

  /** The offset put off, if any, and nothing put off any more. */
  take(): number | null {
    const to = this.to;
    this.to = null;
    return to;
  }
}
