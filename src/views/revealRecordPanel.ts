/** Scrolls the page to the record panel's heading; the page's scroll padding (App.tsx) stops it below the top bar. */
export function scrollToRecordPanel(): void {
  document.getElementById('detail-heading')?.scrollIntoView({ block: 'start' });
}

/**
 * On a phone the record panel is stacked far below the tables a record is
 * chosen from, so choosing one there showed nothing: the panel is brought
 * into view. On a wide screen it stands beside them and nothing moves.
 */
export function revealRecordPanel(): void {
  if (typeof window === 'undefined' || !window.matchMedia?.('(max-width: 700px)').matches) return;
  // After the panel has rendered the chosen record, so it is scrolled to at its new height.
  requestAnimationFrame(scrollToRecordPanel);
}
