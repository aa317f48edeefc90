// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { useCallback, useEffect, useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RowOffsets } from '../viz/rowOffsets';
import type { RowWindowView } from './rowWindowOptions';
import { useRowWindow } from './useRowWindow';

const VIEW = 100;
const ESTIMATE = 20;

/** The rows' real heights, which happy-dom does not lay out: read by the hook through `heightOf`. */
let heights: (index: number) => number;
/** The page's clock, moved on by the tests: a scroll just made by more than a view is left alone a while. */
let now: number;
/** The scroller's own height: 0 while it is hidden (display: none). */
let viewHeight: number;
/** The height of what the scroller holds; happy-dom lays out nothing. */
let contentHeight: () => number;
/** The ResizeObserver callbacks made, so a test can report a row's new height as the browser would. */
let observers: { callback: ResizeObserverCallback; observed: Set<Element> }[];

class FakeObserver {
  private readonly entry: { callback: ResizeObserverCallback; observed: Set<Element> };
  constructor(callback: ResizeObserverCallback) {
    this.entry = { callback, observed: new Set() };
    observers.push(this.entry);
  }
  observe(el: Element) {
    this.entry.observed.add(el);
  }
  unobserve(el: Element) {
    this.entry.observed.delete(el);
  }
  disconnect() {
    this.entry.observed.clear();
  }
}

beforeEach(() => {
  heights = () => ESTIMATE;
  viewHeight = VIEW;
  contentHeight = () => 1e9;
  now = 0;
  onRemove = null;
  vi.spyOn(performance, 'now').mockImplementation(() => now);
  observers = [];
  Object.defineProperty(document.defaultView!, 'ResizeObserver', { configurable: true, writable: true, value: FakeObserver });
  Object.defineProperty(HTMLDivElement.prototype, 'clientHeight', { configurable: true, get: () => viewHeight });
  Object.defineProperty(HTMLDivElement.prototype, 'scrollHeight', { configurable: true, get: () => contentHeight() });
});

afterEach(() => {
  cleanup();
  delete (HTMLDivElement.prototype as { clientHeight?: number }).clientHeight;
  delete (HTMLDivElement.prototype as { scrollHeight?: number }).scrollHeight;
  vi.restoreAllMocks();
});

let view: RowWindowView;
/** Called as a row is removed, before it leaves the page: where a browser blurs the row that had focus. */
let onRemove: ((row: Element) => void) | null;

function List({ count, pinned, adapt, keyOf }: { count: number; pinned?: readonly number[]; adapt?: boolean; keyOf?: (index: number) => string }) {
  const ref = useRef<HTMLDivElement>(null);
  const rowRef = useCallback((el: HTMLLIElement) => {
    view.measure(el);
    return () => onRemove?.(el);
  }, []);
  view = useRowWindow({ scroller: ref, count, estimate: ESTIMATE, adaptEstimate: adapt, overscan: 2, pinned, scrollPaddingTop: 10, keyOf, heightOf: (el) => heights(Number(el.getAttribute('data-index'))) });
  return (
    <div ref={ref} data-testid="scroller">
      <ul>
        {view.rows.map((row) => (
          <li key={keyOf?.(row.index) ?? row.index} ref={rowRef} data-index={row.index} tabIndex={-1}>
            row {row.index}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A list whose chosen row is brought into view as the findings list brings it: after the commit (effects), the
 * browser's scrollIntoView of the row as drawn, then scrollToIndex.
 */
function ChosenList({ chosen, keep }: { chosen: number; keep?: number }) {
  const ref = useRef<HTMLDivElement>(null);
  view = useRowWindow({ scroller: ref, count: 10_000, estimate: ESTIMATE, adaptEstimate: true, overscan: 2, keep, scrollPaddingTop: 10, heightOf: (el) => heights(Number(el.getAttribute('data-index'))) });
  const drawn = view.rows;
  useEffect(() => {
    const el = ref.current!;
    const row = drawn.find((r) => r.index === chosen);
    if (row && row.start < el.scrollTop + 10) el.scrollTop = row.start - 10;
    view.scrollToIndex(chosen);
    // Only a new choice brings the row into view, as a new selection does: the rows as drawn in its commit are read, not a dependency.
  }, [chosen]);
  return (
    <div ref={ref} data-testid="scroller">
      <ul>
        {view.rows.map((row) => (
          <li key={row.index} ref={view.measure} data-index={row.index}>
            row {row.index}
          </li>
        ))}
      </ul>
    </div>
  );
}

function scroll(el: HTMLElement, top: number) {
  act(() => {
    el.scrollTop = top;
    fireEvent.scroll(el);
  });
}

/** Reports rows' heights as a ResizeObserver does once they changed. */
function resized(...rows: number[]) {
  const rowObserver = observers.find((o) => [...o.observed].some((el) => el.hasAttribute('data-index')))!;
  if (rows.length === 0) rows = [...rowObserver.observed].map((el) => Number(el.getAttribute('data-index')));
  const targets = [...rowObserver.observed].filter((el) => rows.includes(Number(el.getAttribute('data-index'))));
  act(() => rowObserver.callback(targets.map((target) => ({ target }) as unknown as ResizeObserverEntry), rowObserver as unknown as ResizeObserver));
}

const shown = () => view.rows.map((r) => r.index);

/** A list of a thousand rows, each measured taller than estimated, in a page that holds them as measured. */
function tallerRows(): HTMLElement {
  const set = vi.spyOn(RowOffsets.prototype, 'set');
  heights = () => 30;
  const { getByTestId } = render(<List count={1000} />);
  contentHeight = () => (set.mock.contexts[0] as RowOffsets).total();
  return getByTestId('scroller');
}

/** Scrolls the list down (its rows there measured) and back to its top, each scroll left to end. */
function scrollDownAndBack(el: HTMLElement) {
  scroll(el, 6000);
  now += 1000;
  scroll(el, 0);
  now += 1000;
}

/** A list of a thousand rows keyed a0, a1, …, 30 high, scrolled down and back: rows at its top and far below it measured. */
function keyedList() {
  const set = vi.spyOn(RowOffsets.prototype, 'set');
  heights = () => 30;
  const { getByTestId, rerender } = render(<List count={1000} keyOf={(i) => `a${i}`} />);
  const el = getByTestId('scroller');
  scrollDownAndBack(el);
  return { offsets: set.mock.contexts[0] as RowOffsets, el, rerender };
}

describe('useRowWindow', () => {
  it('renders the rows in view and a few past each edge, and places them by their measured heights', () => {
    heights = (i) => (i === 1 ? 35.5 : ESTIMATE);
    render(<List count={10_000} />);
    expect(shown()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(view.rows[2]!.start).toBe(55.5);
    expect(view.total).toBe(10_000 * ESTIMATE + 15.5);
  });

  it('keeps the row at the top of the view in its place as rows scrolled to above it are measured', () => {
    heights = (i) => (i < 1000 ? ESTIMATE : 30);
    const { getByTestId } = render(<List count={10_000} />);
    const el = getByTestId('scroller');
    scroll(el, 5000 * ESTIMATE + 7);
    // Rows 4998 and 4999, rendered above the view, were 10 px taller each than estimated: in a jump that far the scroll is left as it is.
    expect(el.scrollTop).toBe(5000 * ESTIMATE + 7);
    expect(shown()[0]).toBe(4997);
    now += 1000;
    // Scrolled up a little, rows 4995 and 4996 are rendered and measured: the row at the top stays in its place.
    const at = view.rows.find((r) => r.index === 4998)!.start;
    scroll(el, at - 2);
    expect(view.rows.find((r) => r.index === 4995)).toBeTruthy();
    expect(el.scrollTop).toBe(at - 2 + 20);
  });

  it('takes rows not measured, adaptive, at the mean of those measured, holding it through a fast scroll, and keeps the row at the top in its place as it changes', () => {
    heights = (i) => (i < 100 ? 30 : 40);
    const { getByTestId } = render(<List count={10_000} adapt />);
    const el = getByTestId('scroller');
    expect(view.total).toBe(10_000 * 30);
    scroll(el, 150_007);
    // Rows measured 40 high in a jump: the mean is held, so the rows in view do not move under a scroll left alone.
    expect(el.scrollTop).toBe(150_007);
    const grown = view.total - 10_000 * 30;
    expect(grown).toBeGreaterThanOrEqual(view.rows.length * 10);
    expect(grown % 10).toBe(0);
    now += 1000;
    const top = view.rows.find((r) => r.start > el.scrollTop + 10)!;
    const onScreen = top.start - el.scrollTop;
    scroll(el, el.scrollTop - 90);
    // Let go, the mean (above 30 now) moves every row not measured above the view; the scroll moves by as much,
    // written once the rows are drawn so.
    expect(view.total).toBeGreaterThan(10_000 * 33);
    expect(view.rows.find((r) => r.index === top.index)!.start - el.scrollTop).toBeCloseTo(onScreen + 90, 6);
  });

  it('leaves a scroll of more than a view alone until the browser says it ended, however slow its frames', () => {
    // A browser that says when a scroll ends (scrollend); a slow machine draws a frame of Home's scroll to the top after 200 ms.
    Object.defineProperty(HTMLElement.prototype, 'onscrollend', { configurable: true, writable: true, value: null });
    try {
      heights = () => 30;
      const { getByTestId } = render(<List count={10_000} />);
      const el = getByTestId('scroller');
      scroll(el, 100_000);
      act(() => void el.dispatchEvent(new Event('scrollend')));
      scroll(el, 50_000);
      now += 1000;
      // Rows drawn above the view on the way grew: writing the scroll now moved Home's destination by as much, short of the top.
      scroll(el, 49_900);
      expect(el.scrollTop).toBe(49_900);
      act(() => void el.dispatchEvent(new Event('scrollend')));
      scroll(el, 49_860);
      expect(el.scrollTop).toBe(49_860 + 20);
    } finally {
      delete (HTMLElement.prototype as { onscrollend?: unknown }).onscrollend;
    }
  });

  it('takes a jump the browser made as one though rows are measured before its scroll event comes', () => {
    heights = () => 30;
    const { getByTestId } = render(<List count={10_000} />);
    const el = getByTestId('scroller');
    // The browser has scrolled (End, a flick) and lays the page out; rows measured then see the new offset first.
    el.scrollTop = 100_000;
    resized();
    expect(el.scrollTop).toBe(100_000);
    scroll(el, 100_000);
    expect(el.scrollTop).toBe(100_000);
  });

  it('moves the scroll by as much as a row above the view grows, and not for one in it', () => {
    const { getByTestId } = render(<List count={1000} />);
    const el = getByTestId('scroller');
    scroll(el, 300);
    now += 1000;
    expect(shown()).toEqual([13, 14, 15, 16, 17, 18, 19, 20, 21, 22]);
    heights = (i) => (i === 14 ? 50 : i === 17 ? 90 : ESTIMATE);
    resized(14);
    expect(el.scrollTop).toBe(330);
    resized(17);
    expect(el.scrollTop).toBe(330);
    expect(view.total).toBe(1000 * ESTIMATE + 100);
  });

  it('stays at the end of the list when the rows there are measured taller than estimated', () => {
    const set = vi.spyOn(RowOffsets.prototype, 'set');
    heights = (i) => (i >= 900 ? 30 : ESTIMATE);
    const { getByTestId } = render(<List count={1000} />);
    // The page holds the rows as measured.
    contentHeight = () => (set.mock.contexts[0] as RowOffsets).total();
    const el = getByTestId('scroller');
    scroll(el, 1000 * ESTIMATE - VIEW);
    expect(el.scrollTop).toBe(view.total - VIEW);
    expect(view.total).toBeGreaterThan(1000 * ESTIMATE);
    expect(shown().at(-1)).toBe(999);
  });

  it('stays at the end of the list when a row above the view is measured shorter, the browser having cut the scroll back by as much', () => {
    const set = vi.spyOn(RowOffsets.prototype, 'set');
    const { getByTestId } = render(<List count={1000} />);
    contentHeight = () => (set.mock.contexts[0] as RowOffsets).total();
    const el = getByTestId('scroller');
    scroll(el, 1000 * ESTIMATE - VIEW);
    now += 1000;
    expect(shown()).toContain(993);
    heights = (i) => (i === 993 ? ESTIMATE - 2 : ESTIMATE);
    el.scrollTop = 1000 * ESTIMATE - VIEW - 2;
    resized(993);
    expect(el.scrollTop).toBe(1000 * ESTIMATE - 2 - VIEW);
  });

  it('goes on to the end of the list when a smooth scroll to its end stops where the end was as it set out', () => {
    const el = tallerRows();
    const end = el.scrollHeight - VIEW;
    // End pressed: the browser animates to where the list ends now; the rows drawn on the way are taller than estimated.
    scroll(el, end / 2);
    scroll(el, end);
    expect(el.scrollTop).toBe(end);
    expect(view.total - VIEW).toBeGreaterThan(end);
    act(() => void el.dispatchEvent(new Event('scrollend')));
    expect(el.scrollTop).toBe(view.total - VIEW);
    expect(shown().at(-1)).toBe(999);
  });

  it('goes on to the end of the list when End was pressed during a jump, sent to an end further than where the jump set out', () => {
    const el = tallerRows();
    scroll(el, (el.scrollHeight - VIEW) / 2);
    // The rows the jump drew grew the list: End, pressed before the jump ended, is sent to where the list ends now.
    const end = el.scrollHeight - VIEW;
    scroll(el, end - 2000);
    scroll(el, end);
    expect(el.scrollTop).toBe(end);
    expect(el.scrollHeight - VIEW).toBeGreaterThan(end);
    act(() => void el.dispatchEvent(new Event('scrollend')));
    expect(el.scrollTop).toBe(el.scrollHeight - VIEW);
  });

  it('leaves a scroll that stopped short of the end where it stopped', () => {
    const el = tallerRows();
    const end = el.scrollHeight - VIEW;
    scroll(el, end - 500);
    act(() => void el.dispatchEvent(new Event('scrollend')));
    expect(el.scrollTop).toBe(end - 500);
  });

  it('puts the scroll back where it was sent when removing the focused row cut it back in the middle of the commit', () => {
    const { getByTestId } = render(<List count={1000} />);
    const el = getByTestId('scroller');
    // The browser blurs the row as it is removed and lays the list out then, short of the rows still to come.
    onRemove = (row) => {
      if (row.getAttribute('data-index') !== '0') return;
      row.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
      el.scrollTop = 40;
    };
    scroll(el, 15_000);
    expect(el.scrollTop).toBe(15_000);
    expect(shown()[0]).toBe(748);
  });

  it('leaves the scroll where it is when focus moves on to another row of the list in the middle of a commit, the row it left removed', () => {
    const { getByTestId } = render(<List count={1000} />);
    const el = getByTestId('scroller');
    // The row left is removed as focus moves on to a row in the list, and the browser has scrolled that row into view.
    onRemove = (row) => {
      if (row.getAttribute('data-index') !== '0') return;
      row.dispatchEvent(new FocusEvent('focusout', { bubbles: true, relatedTarget: el.querySelector('ul') }));
      el.scrollTop = 40;
    };
    scroll(el, 15_000);
    expect(el.scrollTop).toBe(40);
  });

  it('keeps the row holding focus in the page as the list is scrolled far from it, and lets it go once focus leaves', () => {
    const { getByTestId } = render(
      <>
        <List count={5000} />
        <button type="button">after</button>
      </>,
    );
    const el = getByTestId('scroller');
    const held = el.querySelector<HTMLElement>('[data-index="3"]')!;
    act(() => held.focus());
    scroll(el, 40_000);
    expect(shown()[0]).toBe(3);
    expect(shown()[1]).toBeGreaterThan(1900);
    expect(el.querySelector('[data-index="3"]')).toBe(held);
    expect(document.activeElement).toBe(held);
    act(() => (el.parentElement!.querySelector('button') as HTMLElement).focus());
    expect(shown()[0]).toBeGreaterThan(1900);
  });

  it('draws a list replaced by another at the estimate where the rows of the list before were measured, off screen too', () => {
    // The first list's rows are 30 high; the second's as estimated.
    const { offsets, el, rerender } = keyedList();
    const measured = offsets.measured;
    expect(measured).toBeGreaterThan(10);
    heights = () => ESTIMATE;
    // Another list of as many rows (a filter), then a longer one (another file): none of the heights of the first is its.
    rerender(<List count={1000} keyOf={(i) => `b${i}`} />);
    expect(offsets.measured).toBeLessThan(measured);
    expect(view.total).toBe(1000 * ESTIMATE);
    heights = () => 30;
    scrollDownAndBack(el);
    rerender(<List count={1500} keyOf={(i) => `c${i}`} />);
    // Only the rows of the third list drawn at its top are measured, none of those the second had measured further down.
    const measuredRows = Array.from({ length: offsets.count }, (_, i) => i).filter((i) => offsets.isMeasured(i));
    expect(measuredRows.length).toBeGreaterThan(0);
    expect(measuredRows.filter((i) => i > 20)).toEqual([]);
    expect(view.total).toBe(1500 * ESTIMATE + measuredRows.length * 10);
  });

  it('keeps the heights of a list grown by appending, and of the rows that stayed where they were', () => {
    const keyOf = (i: number) => `a${i}`;
    const { offsets, rerender } = keyedList();
    const total = view.total;
    expect(total).toBeGreaterThan(1000 * ESTIMATE);
    rerender(<List count={1200} keyOf={keyOf} />);
    expect(view.total).toBe(total + 200 * ESTIMATE);
    const far = Array.from({ length: 1000 }, (_, i) => i).find((i) => i > 100 && offsets.isMeasured(i))!;
    expect(far).toBeGreaterThan(250);
    // A row inserted below the view: the rows above it keep their heights, those after it go back to the estimate.
    rerender(<List count={1201} keyOf={(i) => (i < 100 ? `a${i}` : `a${i - 1}`)} />);
    expect(offsets.isMeasured(far)).toBe(false);
    expect(offsets.isMeasured(0)).toBe(true);
    const above = Array.from({ length: 100 }, (_, i) => i).filter((i) => offsets.isMeasured(i)).length;
    expect(view.total).toBe(1201 * ESTIMATE + above * 10);
  });

  it('takes no heights from a list hidden (display: none), where every row measures 0, and shows the same rows once it is shown again', () => {
    const { getByTestId } = render(<List count={1000} />);
    const el = getByTestId('scroller');
    scroll(el, 300);
    now += 1000;
    const before = shown();
    const set = vi.spyOn(RowOffsets.prototype, 'set');
    // Hidden, the view and every row lay out at 0 and the scroll reads 0; the rows' observer reports first.
    viewHeight = 0;
    heights = () => 0;
    el.scrollTop = 0;
    resized();
    // Each row rendered measured 0 moved the window on to rows not yet measured, and those measured 0 in turn, to the list's end.
    expect(set.mock.calls.length).toBe(0);
    expect(view.total).toBe(1000 * ESTIMATE);
    const viewObserver = observers.find((o) => o.observed.has(el))!;
    act(() => viewObserver.callback([], viewObserver as unknown as ResizeObserver));
    expect(shown()).toEqual([]);
    viewHeight = VIEW;
    heights = () => ESTIMATE;
    el.scrollTop = 300;
    act(() => viewObserver.callback([], viewObserver as unknown as ResizeObserver));
    expect(shown()).toEqual(before);
  });

  it('keeps the pinned row above the view rendered however far the list is scrolled', () => {
    const { getByTestId } = render(<List count={5000} pinned={[0, 1000, 3000]} />);
    scroll(getByTestId('scroller'), 2000 * ESTIMATE);
    expect(shown()[0]).toBe(1000);
    expect(shown().slice(1, 3)).toEqual([1998, 1999]);
  });

  it('scrolls a row far below into view at the bottom, and one above below the padding at the top', () => {
    heights = (i) => (i >= 4000 ? 26 : ESTIMATE);
    const { getByTestId } = render(<List count={5000} />);
    const el = getByTestId('scroller');
    act(() => view.scrollToIndex(4500));
    // Measured there, the rows before it grew: the row is brought to the view's bottom where it now is.
    const row = view.rows.find((r) => r.index === 4500)!;
    expect(row.end).toBeGreaterThan(4500 * ESTIMATE);
    expect(el.scrollTop).toBe(row.end - VIEW);
    act(() => view.scrollToIndex(4400));
    expect(el.scrollTop).toBe(view.rows.find((r) => r.index === 4400)!.start - 10);
    const before = el.scrollTop;
    act(() => view.scrollToIndex(4402));
    expect(el.scrollTop).toBe(before);
  });

  it('keeps the row scrolled to in its place on screen, not the row at the top, as a row above it in view is measured shorter', () => {
    const { getByTestId } = render(<List count={1000} />);
    const el = getByTestId('scroller');
    scroll(el, 300);
    now += 1000;
    // Row 17, chosen, is in view already: nothing to scroll.
    act(() => view.scrollToIndex(17));
    expect(el.scrollTop).toBe(300);
    // Row 15 at the view's top, partly under a heading stuck there, is 15 px shorter: row 17 would move up by as much.
    heights = (i) => (i === 15 ? 5 : ESTIMATE);
    resized(15);
    expect(el.scrollTop).toBe(285);
    // Once the user scrolls, the row at the top is kept again.
    scroll(el, 270);
    // Row 12, above the view's top row (13), grows by 10 px: the scroll moves by as much, and row 17 with the rest.
    heights = (i) => (i === 15 ? 5 : i === 12 ? 30 : ESTIMATE);
    resized(12);
    expect(el.scrollTop).toBe(280);
  });

  it('leaves a row the browser brought into view where it put it, though a scroll was put off for the rows drawn anew in the same commit', () => {
    const { getByTestId, rerender } = render(<ChosenList chosen={-1} />);
    const el = getByTestId('scroller');
    scroll(el, 3000);
    now += 1000;
    // A row far below, kept rendered, measures taller in the commit that chooses row 148 above the view: the rows not
    // measured are drawn at a new estimate, the scroll that keeps the view in place put off until they are.
    heights = (i) => (i >= 5000 ? 60 : ESTIMATE);
    rerender(<ChosenList chosen={148} keep={5000} />);
    expect(view.rows.find((r) => r.index === 148)!.start - el.scrollTop).toBe(10);
  });

  it('keeps the rows being read in place, not a row left holding focus (a link clicked), when a scroll brings that row into view', () => {
    const { getByTestId } = render(<List count={1000} />);
    const el = getByTestId('scroller');
    scroll(el, 2000);
    now += 1000;
    act(() => el.querySelector<HTMLElement>('[data-index="102"]')!.focus());
    scroll(el, 0);
    now += 1000;
    heights = (i) => (i === 100 || i === 101 ? 40 : ESTIMATE);
    scroll(el, 1500);
    now += 1000;
    for (const to of [1590, 1680, 1770, 1859]) scroll(el, to);
    // A step less than a view mounts rows 100 and 101 above the focused row, 20 px taller each than estimated.
    scroll(el, 1958);
    expect(el.scrollTop).toBe(1958);
  });

  describe('following a row scrolled to', () => {
    let frame: () => void;
    beforeEach(() => {
      const frames: FrameRequestCallback[] = [];
      vi.spyOn(window, 'requestAnimationFrame').mockImplementation((f) => frames.push(f));
      frame = () => act(() => frames.splice(0).forEach((f) => f(now)));
    });

    it('goes on bringing it into its place when the rows around it are measured frames after it is in place', () => {
      const { getByTestId } = render(<List count={5000} />);
      const el = getByTestId('scroller');
      act(() => view.scrollToIndex(3000));
      const to = el.scrollTop;
      frame();
      frame();
      expect(el.scrollTop).toBe(to);
      // The browser then measures the rows before it shorter than estimated (a resize observer, after the frame's callbacks).
      heights = (i) => (i >= 2990 && i < 3000 ? 12 : ESTIMATE);
      resized(...Array.from({ length: 10 }, (_, k) => 2990 + k));
      frame();
      // Rows 2991–2999 rendered and measured 8 px short each: row 3000's bottom at the view's bottom.
      expect(el.scrollTop).toBe(3001 * ESTIMATE - 9 * 8 - VIEW);
    });

    it('lets the user scroll away from it, by a single pixel too', () => {
      const { getByTestId } = render(<List count={5000} />);
      const el = getByTestId('scroller');
      act(() => view.scrollToIndex(3000));
      const to = el.scrollTop;
      frame();
      for (let k = 1; k <= 3; k++) {
        scroll(el, el.scrollTop + 1);
        frame();
        expect(el.scrollTop).toBe(to + k);
      }
    });

    it('lets the user scroll away when rows are measured in the frame of the scroll, before its scroll event', () => {
      const { getByTestId } = render(<List count={5000} />);
      const el = getByTestId('scroller');
      act(() => view.scrollToIndex(3000));
      const to = el.scrollTop;
      for (let k = 0; k < 20; k++) frame();
      el.scrollTop = to - 60;
      heights = (i) => (i === 2997 ? 25 : ESTIMATE);
      resized(2997);
      act(() => void fireEvent.scroll(el));
      frame();
      expect(el.scrollTop).toBe(to - 60);
    });

    it('stops following a row once another row, already in view, is chosen', () => {
      const { getByTestId } = render(<List count={5000} />);
      const el = getByTestId('scroller');
      act(() => view.scrollToIndex(3000));
      frame();
      frame();
      act(() => view.scrollToIndex(2997));
      const at = view.rows.find((r) => r.index === 2997)!.start - el.scrollTop;
      heights = (i) => (i === 3000 ? 60 : ESTIMATE);
      resized(3000);
      frame();
      expect(view.rows.find((r) => r.index === 2997)!.start - el.scrollTop).toBe(at);
    });
  });

  it('measures rows of a million without laying out the rows after them again', () => {
    const set = vi.spyOn(RowOffsets.prototype, 'set');
    heights = (i) => 30 + (i % 3);
    const { getByTestId } = render(<List count={1_000_000} />);
    const el = getByTestId('scroller');
    const offsets = set.mock.contexts[0] as RowOffsets;
    offsets.work = 0;
    scroll(el, 10_000_000);
    scroll(el, 0);
    scroll(el, 19_000_000);
    scroll(el, 0);
    expect(shown()[0]).toBe(0);
    // Four views of some ten rows each, every row measured and placed in ~20 steps: not 10^6.
    expect(set.mock.calls.length).toBeLessThan(100);
    expect(offsets.work).toBeLessThan(20_000);
  });
});
