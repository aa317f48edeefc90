/**
 * Where a key moves the active row of a list of `count` rows (−1: none yet),
 * or null when the key does not move it. `page` is the rows in view, less one,
 * so a page key keeps the row it left in sight.
 */
export function moveActive(key: string, active: number, count: number, page: number): number | null {
  if (count === 0) return null;
  const last = count - 1;
  switch (key) {
    case 'ArrowDown':
      return Math.min(last, active + 1);
    case 'ArrowUp':
      return active < 0 ? last : Math.max(0, active - 1);
    case 'Home':
      return 0;
    case 'End':
      return last;
    case 'PageDown':
      return Math.min(last, Math.max(0, active) + page);
    case 'PageUp':
      return Math.max(0, active - page);
    default:
      return null;
  }
}
