/**
 * Markdown building blocks that are safe for text taken from logs. Log
 * content is untrusted: it must not open a link, an HTML tag, a table cell
 * or a code fence of its own, and what a reader sees must be what is there.
 */

import { plural } from './countText';
import { replaceInvisibles } from './invisibleChars';
import { wholeCharacterCut } from './textChunks';

/** Line breaks and tabs are how a raw line or a note is laid out, and stay as they are. */
const LAYOUT = new Set([0x09, 0x0a, 0x0d]);

/**
 * Makes invisible and direction-changing characters visible as ⟨U+XXXX⟩:
 * the same set the page, the SVG export and the CLI's text report mark
 * (core/invisibleChars), so an id that differs only by a no-break space, an
 * Arabic letter mark or a tag character reads as different here too.
 */
export function visible(text: string): string {
  return replaceInvisibles(text, (c) => (LAYOUT.has(c.codePoint) ? text.slice(c.index, c.index + c.length) : `⟨${c.code}⟩`));
}

/**
 * Everything CommonMark or GitHub's tables could read as markup inside a
 * line of prose or a table cell — including what GitHub turns into a link
 * by itself (`scheme://`, `www.`, an e-mail address): a link taken from a
 * log has no place in an audit report.
 */
const INLINE_MARKUP = /[\\`*_[\]<>|&~#@]|:(?=\/\/)|(?<=\bwww)\./gi;

const WORD = /[\p{L}\p{N}]/u;

/**
 * Prose from log content on one line: markup escaped, line breaks turned
 * into spaces. An underscore between two letters or digits is left alone
 * (it never emphasises there), so `accept_seq` stays readable as source.
 */
export function inlineText(text: string): string {
  return visible(text)
    .replace(/\r\n|\r|\n/g, ' ')
    .replace(INLINE_MARKUP, (c, at: number, all: string) =>
      c === '_' && WORD.test(all[at - 1] ?? '') && WORD.test(all[at + 1] ?? '') ? c : `\\${c}`,
    );
}

/**
 * Prose from a person (a reviewer's note) that may span lines, for a list
 * item indented by `indent` spaces: each line escaped, block markers at a
 * line's start neutralised, lines joined by hard breaks.
 */
export function multilineText(text: string, indent: number): string {
  const pad = ' '.repeat(indent);
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => inlineText(line.trim()).replace(/^[-+=]/, '\\$&').replace(/^(\d+)([.)])/, '$1\\$2'))
    .join(`\\\n${pad}`);
}

function longestRun(text: string, ch: string): number {
  let longest = 0;
  let run = 0;
  for (const c of text) {
    run = c === ch ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  return longest;
}

/** A code span around any text: a backtick fence longer than any run inside, padded when the text touches a backtick. */
export function codeSpan(text: string): string {
  const t = visible(text).replace(/\r\n|\r|\n/g, ' ');
  // Only spaces: CommonMark keeps them as they are, no padding needed.
  if (t.trim() === '') return t === '' ? '(empty)' : `\`${t}\``;
  const ticks = '`'.repeat(longestRun(t, '`') + 1);
  const pad = t.startsWith('`') || t.endsWith('`') || (t.startsWith(' ') && t.endsWith(' ')) ? ' ' : '';
  return `${ticks}${pad}${t}${pad}${ticks}`;
}

/**
 * A code span for a table cell: GitHub splits cells on `|` even inside code
 * spans, and reads `\|` there as a literal bar.
 */
export function cellCode(text: string): string {
  return codeSpan(text).replace(/\|/g, '\\|');
}

/** A fenced code block whose fence is longer than any backtick run in the content, so nothing inside can close it. */
export function fencedBlock(content: string, info = ''): string {
  const t = visible(content).replace(/\r\n|\r/g, '\n');
  const fence = '`'.repeat(Math.max(3, longestRun(t, '`') + 1));
  return `${fence}${info}\n${t}\n${fence}`;
}

/**
 * At most `max` characters of `text`, and how many were left out: cut where
 * the page cuts a long text (wholeCharacterCut), so a report never ends a
 * quote on half a character (a surrogate, an emoji joined by ZWJ, a letter
 * without its combining marks).
 */
export function clip(text: string, max: number): { text: string; omitted: number } {
  if (text.length <= max) return { text, omitted: 0 };
  const end = wholeCharacterCut(text, max);
  return { text: text.slice(0, end), omitted: text.length - end };
}

/**
 * At most `max` characters of `text` as `render` writes them (a code span, a
 * table cell, inline text), then how many more there were, said outside
 * what `render` made so the ellipsis never reads as part of the text.
 */
export function clippedText(text: string, max: number, render: (text: string) => string): string {
  const { text: shown, omitted } = clip(text, max);
  return omitted > 0 ? `${render(shown)} … (${plural(omitted, 'more character')})` : render(shown);
}

/** Text of at most `max` characters, the last of a longer one an ellipsis; never half a character (half of a surrogate pair would read as ⟨U+D83D⟩). */
export function clipChars(text: string, max: number): string {
  return text.length > max ? `${clip(text, Math.max(1, max - 1)).text}…` : text;
}

/**
 * Ids and names are quoted whole in findings and the detail view; where they
 * only label something (a tooltip, the record that set a state value, a mark
 * in an exported figure) they are cut to this, so a 400-character id does not
 * fill the tooltip or the row.
 */
export const LABEL_CHARS = 80;

export function tableRow(cells: readonly string[]): string {
  return `| ${cells.join(' | ')} |`;
}

/** A header row and its separator; `right` marks numeric columns. */
export function tableHead(headers: readonly string[], right: ReadonlySet<number> = new Set()): string[] {
  return [tableRow(headers), tableRow(headers.map((_, i) => (right.has(i) ? '---:' : '---')))];
}

/** `lines 8–10`, or `line 9` when the span is one place: "lines 9–9" reads as a range that is not one. */
export function placeSpan(noun: string, from: number | string, to: number | string, plural = `${noun}s`): string {
  return from === to ? `${noun} ${from}` : `${plural} ${from}–${to}`;
}
