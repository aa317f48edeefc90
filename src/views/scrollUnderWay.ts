/**
 * A scroll event that moved more than a view leaves the scroll alone until the scroll ends (scrollend), or
 * for this long where the browser does not say so: writing it moves the end of a smooth scroll by as much
 * (Home in a long list stopped short of the top, by all the rows drawn taller on the way), and rows
 * shifting by a few pixels go unseen in a scroll that fast. A time alone ran out between two frames of
 * Home's scroll on a machine under load.
 */
export const FAST_SCROLL_MS = 200;

/** Whether the scroll under way is a fast one, which a window leaves alone. */
export class FastScroll {
  private until = 0;

  /**
   * The browser scrolled from `was` to `now`: a step of more than a view starts a fast scroll, which lasts
   * until the browser says the scroll ended (where it does) or FAST_SCROLL_MS.
   */
  stepped(el: HTMLElement, was: number, now: number, viewport: number): void {
    if (Math.abs(now - was) > viewport) this.until = 'onscrollend' in el ? Infinity : performance.now() + FAST_SCROLL_MS;
  }

  get on(): boolean {
    return performance.now() < this.until;
  }

  ended(): void {
    this.until = 0;
  }
}

/**
 * Where the list ended as the scroll under way set out. A smooth scroll to the end (End on the list, a
 * flick) is sent there, or further where the list grew before it was sent (End pressed during a jump), and
 * stops there, though the rows measured on its way have pushed the end further.
 */
export class ScrollToEnd {
  private endAtStart: number | null = null;

  /** A scroll event: the first of a scroll takes where the list ends. */
  scrolled(el: HTMLElement): void {
    this.endAtStart ??= el.scrollHeight - el.clientHeight;
  }

  /** The scroll ended: where it goes on to, the list's end now, when it stopped where the list ended as it set out or past it; else null. */
  ended(el: HTMLElement | null): number | null {
    const end = this.endAtStart;
    this.endAtStart = null;
    if (!el || end === null || end <= 0 || el.scrollTop < end - 1) return null;
    const most = el.scrollHeight - el.clientHeight;
    return most - el.scrollTop <= 1 ? null : most;
  }

  forget(): void {
    this.endAtStart = null;
  }
}

/**
 * End and Home on the list itself (not on a row, whose own keys choose rows) jump there at once: the offset
 * to jump to, null for another key. The browser's smooth scroll was sent to where the list ended as it set
 * out, and the rows measured on the way moved the end: now and then it stopped a thousand pixels short,
 * whatever was done at its end.
 */
export function homeEndOffset(e: KeyboardEvent, el: HTMLElement): number | null {
  if (e.target !== el || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return null;
  if (e.key === 'Home') return 0;
  return e.key === 'End' ? el.scrollHeight - el.clientHeight : null;
}
