import { useEffect, useRef, useState, type ReactNode } from 'react';

interface Edges {
  readonly above: boolean;
  readonly below: boolean;
  /** The scroller's vertical scrollbar width, which the shades leave uncovered. */
  readonly bar: number;
}

const NONE: Edges = { above: false, below: false, bar: 0 };

/** A pixel of slack: a zoomed page scrolls by fractions and may stop just short of the end. */
const SLACK = 1;

function edgesOf(el: HTMLElement): Edges {
  const above = el.scrollTop > SLACK;
  const below = el.scrollHeight - el.scrollTop - el.clientHeight > SLACK;
  return { above, below, bar: Math.max(0, el.offsetWidth - el.clientWidth) };
}

const same = (a: Edges, b: Edges) => a.above === b.above && a.below === b.below && a.bar === b.bar;

/**
 * Wraps one element that scrolls vertically (its only child) and shades each
 * edge past which it holds more: capped in height, the findings list could
 * end on a group heading ("INFO 1") with its findings out of view and
 * nothing to say the list scrolls, a phone showing no scrollbar at all. The
 * shades lie over the list (they take no room, so nothing moves when one
 * shows) and are hidden from assistive technology, which reads the whole list.
 */
export function ScrollEdges({ className, children }: { className: string; children: ReactNode }) {
  const wrapper = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState<Edges>(NONE);
  useEffect(() => {
    const box = wrapper.current;
    const scroller = box?.firstElementChild;
    if (!box || !(scroller instanceof HTMLElement)) return;
    const update = () => {
      const next = edgesOf(scroller);
      setEdges((prev) => (same(prev, next) ? prev : next));
    };
    update();
    // Scroll events do not bubble; caught on the way down, they come from the list or a virtualised list's rerender.
    box.addEventListener('scroll', update, { capture: true, passive: true });
    // Rows added, removed or grown (a filter, a note opened) change what is below without a scroll; so does a
    // virtualised list's spacer resized once the rows it drew are measured, which can move its end after the last scroll event.
    const mutations = new MutationObserver(update);
    mutations.observe(scroller, { childList: true, subtree: true, attributes: true, attributeFilter: ['style'] });
    const resizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    resizes?.observe(scroller);
    return () => {
      box.removeEventListener('scroll', update, { capture: true });
      mutations.disconnect();
      resizes?.disconnect();
    };
  }, []);
  return (
    <div ref={wrapper} className={`scroll-edges ${className}`} data-more-above={edges.above || undefined} data-more-below={edges.below || undefined}>
      {children}
      <div className="scroll-edge scroll-edge-top" aria-hidden="true" style={{ right: edges.bar }} />
      <div className="scroll-edge scroll-edge-bottom" aria-hidden="true" style={{ right: edges.bar }} />
    </div>
  );
}
