import { useLayoutEffect, useState } from 'react';

/** A callback ref and the element's content width, kept current as the layout changes. */
export function useWidth<T extends HTMLElement>(): [T | null, (el: T | null) => void, number] {
  const [el, setEl] = useState<T | null>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    if (!el) return;
    setWidth(el.clientWidth);
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, [el]);
  return [el, setEl, width];
}
