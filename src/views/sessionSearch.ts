import { perObject } from '../core/perObject';
import { shownMatch, shownSearchOf, type ShownSearch } from '../state/shownSearch';
import { sessionNameText } from './sessionName';

/**
 * Session names lower-cased once per analysis, so a keystroke over 50,000 of
 * them is one pass of `includes`; each both as stored and as the pickers
 * write it (`chat⟨U+200D⟩`, `“” (empty name)`), so what is seen can be typed.
 */
export interface SessionSearch extends ShownSearch {
  /** Every position, handed out for an empty query rather than a new array per keystroke. */
  readonly all: readonly number[];
}

export const sessionSearchOf = perObject((sessions: readonly { readonly session: string }[]): SessionSearch => {
  const search = shownSearchOf(sessions.map((s) => s.session), sessionNameText);
  return { ...search, all: search.plain.map((_, i) => i) };
});

/**
 * Positions of the sessions whose name contains `query`, ignoring case:
 * first the name equal to it, then names starting with it, then the rest,
 * each in the analysis' order — typing `s-12` puts `s-12` above `s-112`.
 */
export function filterSessions(search: SessionSearch, query: string): readonly number[] {
  if (query === '') return search.all;
  const q = query.toLowerCase();
  const ranked: [number[], number[], number[]] = [[], [], []];
  for (let i = 0; i < search.plain.length; i++) {
    const rank = shownMatch(search, i, q);
    if (rank >= 0) ranked[rank]!.push(i);
  }
  return ranked[0].concat(ranked[1], ranked[2]);
}
