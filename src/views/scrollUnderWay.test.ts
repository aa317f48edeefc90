// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FAST_SCROLL_MS, FastScroll, homeEndOffset, ScrollToEnd } from './scrollUnderWay';

/** A scroller `content` high, showing 100 px, scrolled to `top`. */
function scroller(content: number, top: number): HTMLElement {
  const el = document.createElement('div');
  Object.defineProperty(el, 'scrollHeight', { configurable: true, get: () => content });
  Object.defineProperty(el, 'clientHeight', { configurable: true, get: () => 100 });
  Object.defineProperty(el, 'scrollTop', { configurable: true, writable: true, value: top });
  return el;
}

afterEach(() => vi.restoreAllMocks());

describe('a scroll under way', () => {
  it('is fast after a step of more than a view, for FAST_SCROLL_MS where the browser does not say when it ends', () => {
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const fast = new FastScroll();
    const el = scroller(10_000, 0);
    fast.stepped(el, 0, 100, 100);
    expect(fast.on).toBe(false);
    fast.stepped(el, 0, 101, 100);
    expect(fast.on).toBe(true);
    now = FAST_SCROLL_MS;
    expect(fast.on).toBe(false);
  });

  it('is fast until it ends where the browser says so', () => {
    const fast = new FastScroll();
    const el = scroller(10_000, 0);
    Object.defineProperty(el, 'onscrollend', { value: null });
    fast.stepped(el, 5000, 0, 100);
    vi.spyOn(performance, 'now').mockImplementation(() => 1e12);
    expect(fast.on).toBe(true);
    fast.ended();
    expect(fast.on).toBe(false);
  });

  it('goes on to the end of the list when it stopped where the list ended as it set out, the list having grown meanwhile', () => {
    const el = scroller(10_000, 0);
    const toEnd = new ScrollToEnd();
    toEnd.scrolled(el);
    Object.defineProperty(el, 'scrollHeight', { get: () => 12_000 });
    toEnd.scrolled(el);
    el.scrollTop = 9_900;
    expect(toEnd.ended(el)).toBe(11_900);
    // Taken once: the next scroll sets out anew.
    expect(toEnd.ended(el)).toBeNull();
  });

  it('stays where it stopped short of the end, at the end already, or in a list that did not scroll', () => {
    const el = scroller(10_000, 5000);
    const toEnd = new ScrollToEnd();
    toEnd.scrolled(el);
    expect(toEnd.ended(el)).toBeNull();
    el.scrollTop = 9_900;
    toEnd.scrolled(el);
    expect(toEnd.ended(el)).toBeNull();
    const short = scroller(50, 0);
    toEnd.scrolled(short);
    expect(toEnd.ended(short)).toBeNull();
    toEnd.scrolled(el);
    toEnd.forget();
    expect(toEnd.ended(el)).toBeNull();
  });
});

describe('Home and End on a list', () => {
  const key = (el: HTMLElement, target: EventTarget, key: string, init: KeyboardEventInit = {}) => {
    const e = new KeyboardEvent('keydown', { key, bubbles: true, ...init });
    Object.defineProperty(e, 'target', { value: target });
    return homeEndOffset(e, el);
  };

  it('jumps to the top or the end for the list itself, not for a row in it, another key or a key with a modifier', () => {
    const el = scroller(10_000, 5000);
    expect(key(el, el, 'Home')).toBe(0);
    expect(key(el, el, 'End')).toBe(9_900);
    expect(key(el, document.createElement('li'), 'End')).toBeNull();
    expect(key(el, el, 'PageDown')).toBeNull();
    expect(key(el, el, 'End', { shiftKey: true })).toBeNull();
    expect(key(el, el, 'Home', { ctrlKey: true })).toBeNull();
  });
});
