import { revealInvisibles } from '../core/invisibleChars';

/**
 * Texts lower-cased once for a search that finds each both as it is stored
 * and as the page shows it, with invisible characters written `⟨U+200B⟩`:
 * someone who sees `chat⟨U+200D⟩` and types it must find that text too.
 */
export interface ShownSearch {
  readonly plain: readonly string[];
  /** Each text as shown, lower-cased: the same string as `plain[i]` when the two are alike, so it is not searched twice. */
  readonly shown: readonly string[];
}

/** `show` is how the page writes a text; by default the invisible characters marked. */
export function shownSearchOf(texts: readonly string[], show: (text: string) => string = revealInvisibles): ShownSearch {
  const plain = texts.map((t) => t.toLowerCase());
  const shown = texts.map((t, i) => {
    const s = show(t);
    return s === t ? plain[i]! : s.toLowerCase();
  });
  return { plain, shown };
}

/** How text `i` holds the lower-cased `q`, as stored or as shown: 0 equal, 1 starting with it, 2 containing it, -1 not at all. */
export function shownMatch(search: ShownSearch, i: number, q: string): number {
  const plain = search.plain[i]!;
  const shown = search.shown[i]!;
  const other = shown !== plain;
  if (plain === q || (other && shown === q)) return 0;
  if (plain.startsWith(q) || (other && shown.startsWith(q))) return 1;
  if (plain.includes(q) || (other && shown.includes(q))) return 2;
  return -1;
}
