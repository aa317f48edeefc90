/** Where a selected record's ring sits: its storage mark, and its acceptance mark when it has one. */
export interface RingPlace {
  readonly sx: number;
  readonly sy: number;
  readonly ax: number | null;
}

/** At most this many rings for a selection in a binned view; more would only overlap ones already drawn. */
export const DENSE_RINGS_SHOWN = 1000;

/**
 * The selected records that get a ring of their own. Where marks are drawn one by one, each selected record
 * in view does. Where they are binned per pixel (a finding naming 40,000 records on a 200,000-record axis),
 * records whose two marks fall in the same pixel columns share one ring, and the rings stop at
 * DENSE_RINGS_SHOWN: one SVG group per record was a multi-second commit. The focus always keeps its own.
 */
export function ringsToDraw(
  selected: readonly number[],
  focus: number | null,
  place: (i: number) => RingPlace,
  inView: (i: number) => boolean,
  dense: boolean,
): number[] {
  if (!dense) return selected.filter(inView);
  const seen = new Set<string>();
  const out: number[] = [];
  if (focus !== null && selected.includes(focus) && inView(focus)) {
    seen.add(pixelKey(place(focus)));
    out.push(focus);
  }
  for (const i of selected) {
    if (out.length >= DENSE_RINGS_SHOWN) break;
    if (i === focus || !inView(i)) continue;
    const key = pixelKey(place(i));
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(i);
  }
  return out;
}

function pixelKey(p: RingPlace): string {
  return `${Math.floor(p.sx)} ${Math.floor(p.sy)} ${p.ax === null ? '' : Math.floor(p.ax)}`;
}
