/** Characters kept clear between two labels. */
const GAP_CHARS = 2;

/**
 * The label under a mark on the acceptance axis, with room for `chars` characters before the next: its
 * accept_seq, with "shared" where another record has the same number and the word fits between its
 * neighbours' labels. Side by side, two records sharing 10 read "10 shared10 shared" at 57 px apart; the
 * diamond and the legend say it there.
 */
export function acceptLabel(seq: number | string, shared: boolean, chars: number): string {
  const long = `${seq} shared`;
  return shared && long.length + GAP_CHARS <= chars ? long : String(seq);
}
