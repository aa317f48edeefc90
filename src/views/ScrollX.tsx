import { useLayoutEffect, useState, type ReactNode } from 'react';

/**
 * Content that may still be wider than its panel on a phone scrolls sideways
 * inside the panel instead of widening the page, with a shadow on each side
 * that has more (styles: `.scroll-x`). While it scrolls it is a tab stop, so
 * a keyboard can scroll it even when nothing inside can take focus.
 */
export function ScrollX({ label, children }: { label: string; children: ReactNode }) {
  const [el, setEl] = useState<HTMLDivElement | null>(null);
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    if (!el) return;
    const measure = () => setScrolls(el.scrollWidth > el.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, [el]);
  return (
    <div ref={setEl} className="scroll-x" tabIndex={scrolls ? 0 : undefined} role={scrolls ? 'group' : undefined} aria-label={scrolls ? label : undefined}>
      {children}
    </div>
  );
}
