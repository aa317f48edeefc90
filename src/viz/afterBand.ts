/** The shaded band over the acceptance axis, from its left edge `x`, `width` wide. */
export interface Band {
  readonly x: number;
  readonly width: number;
}

/**
 * The band that shades what was accepted after N, from the cutoff's line `cutX` to the figure's right edge: none
 * when no record on the acceptance axis comes after N (`cutRank`, the records with accept_seq ≤ N, is all
 * `accCount` of them). At the last accept number the band still showed past the last record, saying that some
 * record came after N when none did. Nor is there one without a cutoff.
 */
export function afterBand(n: number | null, cutRank: number, accCount: number, cutX: number, width: number): Band | null {
  if (n === null || cutRank >= accCount) return null;
  return { x: cutX, width: Math.max(0, width - cutX) };
}
