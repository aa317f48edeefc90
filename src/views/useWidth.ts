import { useDeferredValue, useLayoutEffect, useState } from 'react';

/**
 * Records from which a view draws a new width at low priority. Below it the drawing is a few milliseconds and
 * comes in the same task; above it (a first load of a million records: the canvas's bins, the links' layout) it
 * comes in the tasks after the one that shows the findings, instead of making that one 200–300 ms long.
 */
const DRAW_LATER_FROM = 50_000;

/**
 * A callback ref and the element's content width, kept current as the layout changes; with `records` at or
 * above DRAW_LATER_FROM, a changed width reaches the caller through a render of low priority (useDeferredValue).
 */
export function useWidth<T extends HTMLElement>(records = 0): [T | null, (el: T | null) => void, number] {
  const [el, setEl] = useState<T | null>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    if (!el) return;
    setWidth(el.clientWidth);
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, [el]);
  const later = useDeferredValue(width);
  return [el, setEl, records >= DRAW_LATER_FROM ? later : width];
}
