/**
 * On a phone the record panel is stacked far below the tables a record is
 * chosen from, so choosing one there showed nothing: the panel is brought
 * into view. On a wide screen it stands beside them and nothing moves.
 */
export function revealRecordPanel(): void {
  if (typeof window === 'undefined' || !window.matchMedia?.('(max-width: 700px)').matches) return;
  // After the panel has rendered the chosen record, so it is scrolled to at its new height.
  requestAnimationFrame(() => scrollToBelowTopbar(document.getElementById('detail-heading')));
}

/**
 * Scrolls the page so `element` starts just below the sticky top bar. Scrolled
 * to the top of the window (scrollIntoView with block start), a panel's heading
 * and first lines sat under the bar, which wraps to two rows on a phone.
 */
export function scrollToBelowTopbar(element: HTMLElement | null, behavior: ScrollBehavior = 'auto'): void {
  if (!element) return;
  const bar = document.querySelector('.topbar')?.getBoundingClientRect().height ?? 0;
  window.scrollTo({ top: Math.max(0, element.getBoundingClientRect().top + window.scrollY - bar - 8), behavior });
}
