/** Pixels a character of a mark's label takes (10 px monospace, the shared ones bold), and the gap kept between two labels. */
const CHAR_PX = 6.3;
const GAP_PX = 10;

/**
 * The label under a mark on the acceptance axis, `spacing` px from the next: its accept_seq, with "shared"
 * where another record has the same number and the word fits between its neighbours' labels. Side by side,
 * two records sharing 10 read "10 shared10 shared" at 57 px apart; the diamond and the legend say it there.
 */
export function acceptLabel(seq: number | string, shared: boolean, spacing: number): string {
  const long = `${seq} shared`;
  return shared && long.length * CHAR_PX + GAP_PX <= spacing ? long : String(seq);
}
