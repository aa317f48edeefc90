import { revealInvisibles } from '../core/invisibleChars';
import { perObject } from '../state/memo';

/** Session names lower-cased once per analysis, so a keystroke over 50,000 of them is one pass of `includes`. */
export interface SessionSearch {
  readonly names: readonly string[];
  /**
   * Each name as the page shows it, with invisible characters written
   * `⟨U+200B⟩` (the same string as `names[i]` when it has none): someone
   * who sees `chat⟨U+200D⟩` and types it must find that session too.
   */
  readonly shown: readonly string[];
  /** Every position, handed out for an empty query rather than a new array per keystroke. */
  readonly all: readonly number[];
}

export const sessionSearchOf = perObject((sessions: readonly { readonly session: string }[]): SessionSearch => {
  const names = sessions.map((s) => s.session.toLowerCase());
  const shown = sessions.map((s, i) => {
    const revealed = revealInvisibles(s.session);
    return revealed === s.session ? names[i]! : revealed.toLowerCase();
  });
  return { names, shown, all: names.map((_, i) => i) };
});

/**
 * Positions of the sessions whose name contains `query`, ignoring case:
 * first the name equal to it, then names starting with it, then the rest,
 * each in the analysis' order — typing `s-12` puts `s-12` above `s-112`.
 */
export function filterSessions(search: SessionSearch, query: string): readonly number[] {
  if (query === '') return search.all;
  const q = query.toLowerCase();
  const exact: number[] = [];
  const starts: number[] = [];
  const contains: number[] = [];
  const { names, shown } = search;
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!;
    const alt = shown[i]!;
    if (name === q || alt === q) exact.push(i);
    else if (name.startsWith(q) || (alt !== name && alt.startsWith(q))) starts.push(i);
    else if (name.includes(q) || (alt !== name && alt.includes(q))) contains.push(i);
  }
  return exact.concat(starts, contains);
}
