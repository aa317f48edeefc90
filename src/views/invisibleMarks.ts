import { describeInvisibles, type InvisibleChar } from '../core/invisibleChars';
import { formatCount } from './format';

export type Segment = { readonly kind: 'text'; readonly text: string } | { readonly kind: 'mark'; readonly char: InvisibleChar };

/** Tab, line feed and carriage return: layout in a multi-line block (a raw line, a long field value), never hidden there. */
const LAYOUT = new Set([0x09, 0x0a, 0x0d]);

/**
 * A text cut into visible runs and the invisible or direction-changing
 * characters between them, each of which the page shows as a mark. With
 * `layout`, tabs and line breaks stay text (a block shows them as what they are).
 */
export function invisibleSegments(text: string, layout = false): Segment[] {
  const found = describeInvisibles(text).filter((c) => !(layout && LAYOUT.has(c.codePoint)));
  if (found.length === 0) return text === '' ? [] : [{ kind: 'text', text }];
  const out: Segment[] = [];
  let at = 0;
  for (const c of found) {
    if (c.index > at) out.push({ kind: 'text', text: text.slice(at, c.index) });
    out.push({ kind: 'mark', char: c });
    at = c.index + c.length;
  }
  if (at < text.length) out.push({ kind: 'text', text: text.slice(at) });
  return out;
}

/** A piece of marked text; `together` when it is one word with a mark inside, which must not break at the mark. */
export interface Run {
  readonly segments: readonly Segment[];
  readonly together: boolean;
}

/** Words longer than this may still break (a long JSON line with one mark must wrap somewhere). */
const WORD = 64;

/**
 * The segments grouped into runs split at ASCII spaces and line breaks, so
 * that `m⟨U+200B⟩1` stays on one line: a line break right after a mark would
 * read as two ids. Null when the text has nothing to mark.
 */
export function markedRuns(text: string, layout = false): Run[] | null {
  if (!invisibleSegments(text, layout).some((s) => s.kind === 'mark')) return null;
  const runs: Run[] = [];
  for (const token of text.split(/([ \t\n\r]+)/)) {
    if (token === '') continue;
    const segments = invisibleSegments(token, layout);
    const marked = segments.some((s) => s.kind === 'mark');
    const last = runs[runs.length - 1];
    if (!marked && last && !last.together) runs[runs.length - 1] = { segments: [...last.segments, ...segments], together: false };
    else runs.push({ segments, together: marked && token.length <= WORD && !/^[ \t\n\r]/.test(token) });
  }
  return runs;
}

/** How a mark reads on the page: `⟨U+200B⟩`, the same as the engine's `revealInvisibles` writes in plain text. */
export const markText = (c: InvisibleChar) => `⟨${c.code}⟩`;

/** A tooltip naming each distinct invisible character once, with how often it occurs. */
export function invisiblesTitle(chars: readonly InvisibleChar[]): string {
  const counts = new Map<string, { name: string; n: number }>();
  for (const c of chars) {
    const seen = counts.get(c.code);
    if (seen) seen.n++;
    else counts.set(c.code, { name: c.name, n: 1 });
  }
  const names = [...counts].map(([code, { name, n }]) => `${code} ${name}${n > 1 ? ` ×${formatCount(n)}` : ''}`);
  const total = chars.length;
  return `${total === 1 ? 'An invisible character' : `${formatCount(total)} invisible characters`}, shown as marks: ${names.join(', ')}`;
}
