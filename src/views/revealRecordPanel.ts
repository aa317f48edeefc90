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
 * Scrolls the page so `element` starts just below the sticky top bar, which
 * wraps to two rows on a phone. The page's scroll padding is the bar's
 * measured height (App.tsx, layout.css), so scrollIntoView stops below it;
 * no second reckoning of the bar here.
 */
export function scrollToBelowTopbar(element: HTMLElement | null, behavior: ScrollBehavior = 'auto'): void {
  element?.scrollIntoView({ block: 'start', behavior });
}
