import { useLayoutEffect, useState } from 'react';

/** Which sides of a box scrolled sideways hold more, and its scrollbars' sizes, which shades over it leave uncovered. */
export interface SidewaysEdges {
  readonly left: boolean;
  readonly right: boolean;
  readonly barWidth: number;
  readonly barHeight: number;
}

const NONE: SidewaysEdges = { left: false, right: false, barWidth: 0, barHeight: 0 };

/** A pixel of slack: a zoomed page scrolls by fractions and may stop just short of the end. */
const SLACK = 1;

type Box = Pick<HTMLElement, 'scrollLeft' | 'scrollWidth' | 'clientWidth' | 'offsetWidth' | 'clientHeight' | 'offsetHeight'>;

export function sidewaysEdgesOf(el: Box): SidewaysEdges {
  return {
    left: el.scrollLeft > SLACK,
    right: el.scrollWidth - el.scrollLeft - el.clientWidth > SLACK,
    barWidth: Math.max(0, el.offsetWidth - el.clientWidth),
    barHeight: Math.max(0, el.offsetHeight - el.clientHeight),
  };
}

const same = (a: SidewaysEdges, b: SidewaysEdges) => a.left === b.left && a.right === b.right && a.barWidth === b.barWidth && a.barHeight === b.barHeight;

/**
 * The sides of `el` past which it holds more, kept current as it scrolls and as it or its content
 * (its first child) is resized: a phone shows no scrollbar until the box is touched, so a table cut at the
 * panel's edge gave no sign that it scrolls sideways.
 */
export function useSidewaysEdges(el: HTMLElement | null): SidewaysEdges {
  const [edges, setEdges] = useState<SidewaysEdges>(NONE);
  useLayoutEffect(() => {
    if (!el) return;
    const update = () => {
      const next = sidewaysEdgesOf(el);
      setEdges((prev) => (same(prev, next) ? prev : next));
    };
    update();
    el.addEventListener('scroll', update, { passive: true });
    const resizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    resizes?.observe(el);
    if (el.firstElementChild) resizes?.observe(el.firstElementChild);
    return () => {
      el.removeEventListener('scroll', update);
      resizes?.disconnect();
    };
  }, [el]);
  return edges;
}
