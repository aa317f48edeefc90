import { jsonPreview } from '../core/canonical';
import { replaceInvisibles } from '../core/invisibleChars';
import type { JsonValue } from '../core/model';
import { findJsonBreak } from './jsonBreak';
import { lineAndColumn } from './jsonSpans';

/**
 * Log text quoted in a message, with every control, zero-width and
 * bidirectional character written as a `\uXXXX` escape: a rejection reason
 * is printed to terminals and shown on the page, where a raw escape sequence
 * or a right-to-left override would act instead of being read.
 */
export function escapeForMessage(text: string): string {
  return replaceInvisibles(text, (c) => {
    let escaped = '';
    for (let i = c.index; i < c.index + c.length; i++) escaped += `\\u${text.charCodeAt(i).toString(16).padStart(4, '0')}`;
    return escaped;
  });
}

/**
 * JSON.parse messages name a position in the whole string; a person wants
 * the column in the line. A RangeError is an engine whose parser recursed
 * (values nested too deep), not a syntax error.
 */
export function describeJsonError(error: unknown): string {
  if (error instanceof RangeError) return `not valid JSON here: nested too deep for the JSON parser (${escapeForMessage(error.message)})`;
  const message = escapeForMessage(error instanceof Error ? error.message : String(error));
  const m = /^(.*?)(?: in JSON)? at position (\d+)(?: \(line \d+ column (\d+)\))?/s.exec(message);
  if (m) {
    const column = m[3] ?? String(Number(m[2]) + 1);
    return `not valid JSON (${m[1]!.trim()} at column ${column})`;
  }
  return `not valid JSON (${message.replace(/ in JSON$/, '')})`;
}

/**
 * Why a whole JSON document (a log, a zip member, a table cell) that
 * JSON.parse refused is not JSON, and where: cut off (it ends before its
 * value is whole: where its last character is) or an unexpected character
 * (which, and where). Found by scanning the text, since engines name a
 * position for some errors only; their words follow in parentheses.
 * `lineWord` names the document's lines where "line" already means the
 * input's (`text line 3`); `whole` is what was cut off (`the file`).
 */
export function describeJsonBreak(error: unknown, text: string, lineWord = 'line', whole = 'it'): string {
  if (error instanceof RangeError) return describeJsonError(error);
  const cause = engineCause(error);
  const found = findJsonBreak(text);
  if (!found) return `not valid JSON (${cause})`;
  if (found.endsEarly) {
    const last = text.trimEnd().length - 1;
    if (last < 0) return `not valid JSON: it is empty (${cause})`;
    const { line, column } = lineAndColumn(text, last);
    return `not valid JSON: it ends early, after ${lineWord} ${line}, column ${column} (${cause}), so ${whole} was probably cut off`;
  }
  const { line, column } = lineAndColumn(text, found.offset);
  const character = String.fromCodePoint(text.codePointAt(found.offset)!);
  return `not valid JSON: unexpected character ${describeValue(character)} at ${lineWord} ${line}, column ${column} (${cause})`;
}

/** An engine's JSON.parse message without the position and quoted text it may add (V8, SpiderMonkey, JavaScriptCore). */
function engineCause(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const cause = message
    .replace(/^JSON\.parse: |^JSON Parse error: /, '')
    .replace(/ in JSON at position \d+.*$/s, '')
    .replace(/, (?:\.\.\.)?".*"(?:\.\.\.)? is not valid JSON$/s, '')
    .replace(/ at line \d+ column \d+ of the JSON data$/, '');
  return escapeForMessage(cause);
}

/** A value quoted in a reason: its JSON, cut at 60 characters, escaped; safe for values of any depth. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  // JSON text never ends in `…` by itself, so that ending means the preview was cut.
  const text = jsonPreview(value as JsonValue, 60);
  return escapeForMessage(text.endsWith('…') ? cutForMessage(text) : text);
}

/** JSON text quoted in a reason as the file writes it, cut and escaped as describeValue quotes a value. */
export function describeWritten(text: string): string {
  return escapeForMessage(text.length > 60 ? cutForMessage(text) : text);
}

function cutForMessage(text: string): string {
  return `${text.slice(0, 57)}...`;
}

export function jsonTypeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'string':
      return 'a string';
    case 'number':
      return 'a number';
    case 'boolean':
      return 'a boolean';
    default:
      return 'an object';
  }
}
