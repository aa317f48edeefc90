import type { DenseBins } from './orderScene';

/** Per pixel column, the lowest acceptance rank drawn there on each axis (MAX when the column is empty). */
export function columnMinRanks(bins: DenseBins, width: number): { top: Int32Array; bottom: Int32Array } {
  const top = new Int32Array(width + 1).fill(2147483647);
  const bottom = new Int32Array(width + 1).fill(2147483647);
  for (const b of bins.top) if (b.x >= 0 && b.x <= width && b.minRank < top[b.x]!) top[b.x] = b.minRank;
  for (const b of bins.bottom) if (b.x >= 0 && b.x <= width && b.minRank < bottom[b.x]!) bottom[b.x] = b.minRank;
  return { top, bottom };
}

/**
 * Runs of consecutive columns whose every record was accepted after the
 * cutoff: dimming them is one rectangle per run instead of one per mark.
 */
export function dimRuns(minRanks: Int32Array, cutRank: number): [number, number][] {
  const runs: [number, number][] = [];
  let start = -1;
  for (let x = 0; x < minRanks.length; x++) {
    const r = minRanks[x]!;
    const dim = r >= cutRank && r !== 2147483647;
    if (dim && start < 0) start = x;
    else if (!dim && start >= 0) {
      runs.push([start, x - 1]);
      start = -1;
    }
  }
  if (start >= 0) runs.push([start, minRanks.length - 1]);
  return runs;
}
