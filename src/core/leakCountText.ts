import { plural } from './countText';

/** A cutoff's future leaks counted, as the page's slider and the exported order figure both say it: "no future leaks", "1 future leak", "3,000 future leaks". */
export function leakCountText(n: number): string {
  return n === 0 ? 'no future leaks' : plural(n, 'future leak');
}
