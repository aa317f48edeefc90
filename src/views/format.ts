import { jsonText } from '../core/canonical';
import { clipChars } from '../core/markdownText';
import { andMore, formatCount, formatFixed, formatMiB, MiB } from '../core/countText';
import type { JsonValue, StateValue } from '../core/model';
import { wholeCharacterCut } from '../core/textChunks';

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < MiB) return `${formatFixed(n / 1024, 1)} KiB`;
  return formatMiB(n);
}

// The views take the core's count formatter from here; it builds no Intl formatter, which
// cost about 0.1 ms a call in Chromium when made per count.
export { formatCount };

/** `1 record`, `2,000 records`: a count with its noun agreeing; `many` for nouns not made plural by an s. */
export { plural as countOf } from '../core/countText';

/** A finding's places in a list row: the first four, then how many more, since a finding can name a million records. */
export function placesAndMore<T>(records: readonly T[], place: (record: T, k: number) => string): string {
  const shown = 4;
  return records.slice(0, shown).map(place).join(', ') + andMore(records.length, shown);
}

/**
 * A state value as text: strings bare, everything else as JSON, so `"allow"`
 * reads allow and null reads null. A string that would read as another value
 * bare is quoted: `"1"` beside 1 (a flip the engine reports), `"unknown"`
 * beside the undetermined marker, `""` and strings with edge spaces, which
 * would not be seen.
 */
export function formatValue(v: StateValue | JsonValue | undefined): string {
  if (v === undefined) return '—';
  // jsonText writes a number beyond 2^53 − 1 with every digit, where JSON.stringify could round it.
  if (typeof v !== 'string') return jsonText(v);
  return readsAsOther(v) ? JSON.stringify(v) : v;
}

const OTHER_VALUE = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$|true$|false$|null$|unknown$|[[{"])/;

function readsAsOther(s: string): boolean {
  return s === '' || s.trim() !== s || OTHER_VALUE.test(s);
}

/** The characters of 10–11px type that fit in about `px` pixels (two at least). */
export const charsIn = (px: number): number => Math.max(2, Math.floor(px / 6.3));

/** Text shortened with an ellipsis to fit about `px` pixels of 10–11px type. */
export function clipText(text: string, px: number): string {
  return clipChars(text, charsIn(px));
}

/** Values are shown in table cells at most this long: a 10 MB value drawn whole made a page 1.7 million pixels tall and each cutoff step take seconds. */
const SHOWN_VALUE_CHARS = 400;

/**
 * A long text cut for display, saying how much was left out and (`whereWhole`) where the whole is: by default a state value's, in its setter's raw line.
 * The cut keeps a character whole as a long text's pieces do: a family emoji (joined by ZWJ) or a letter and its accents cut between drew half of it.
 */
export function clipForDisplay(text: string, max = SHOWN_VALUE_CHARS, whereWhole = "; the whole value is in the setter's raw line"): string {
  if (text.length <= max) return text;
  const end = wholeCharacterCut(text, max);
  return `${text.slice(0, end)}… (${formatCount(text.length - end)} more characters${whereWhole})`;
}
