/**
 * Where the elements of one array of a JSON document sit in its text, so a
 * record made from a nested object (an Inspect sample, a promptfoo result)
 * can still show its raw text exactly as it was in the file. The scanner only
 * skips over values; it never builds them, so it costs one pass per path.
 */

export interface TextSpan {
  readonly start: number;
  readonly end: number;
}

/**
 * Spans of the elements of the array at `path` (object keys from the root),
 * or null when the text has no array there. The text must be valid JSON.
 */
export function arrayElementSpans(text: string, path: readonly string[]): TextSpan[] | null {
  return elementSpansAt(text, valueStart(text, 0, path));
}

/** Spans of the elements of the array starting at `pos`, or null when no array starts there. */
export function elementSpansAt(text: string, pos: number): TextSpan[] | null {
  if (pos < 0 || text[pos] !== '[') return null;
  const spans: TextSpan[] = [];
  pos = skipSpace(text, pos + 1);
  if (text[pos] === ']') return spans;
  for (;;) {
    const end = skipValue(text, pos);
    spans.push({ start: pos, end });
    pos = skipSpace(text, end);
    if (text[pos] !== ',') return spans;
    pos = skipSpace(text, pos + 1);
  }
}

/**
 * Spans of the values of several keys of the root object, found in one pass
 * over it (the last of a repeated key, as JSON.parse keeps). Looking each key
 * up on its own skips over every value of the root once per key, which for a
 * document of a few large arrays is that many passes over all of it.
 */
export function rootValueSpans(text: string, keys: readonly string[]): Map<string, TextSpan> {
  return objectValueSpans(text, skipSpace(text, 0), keys);
}

/** Spans of the values of `keys` in the object starting at `pos` (the last of a repeated key); empty when no object starts there. */
function objectValueSpans(text: string, pos: number, keys: readonly string[]): Map<string, TextSpan> {
  const found = new Map<string, TextSpan>();
  if (text[pos] !== '{') return found;
  pos = skipSpace(text, pos + 1);
  while (text[pos] === '"') {
    const keyEnd = skipString(text, pos);
    const key = keys.find((k) => isKey(text, pos, keyEnd, k));
    pos = skipSpace(text, skipSpace(text, keyEnd) + 1); // past the colon
    const end = skipValue(text, pos);
    if (key !== undefined) found.set(key, { start: pos, end });
    pos = skipSpace(text, end);
    if (text[pos] !== ',') break;
    pos = skipSpace(text, pos + 1);
  }
  return found;
}

/**
 * The text of an element of the array at `path`, by index, exactly as written
 * (null when there is none). The spans are found on the first call only: a
 * reader asks for an element's text rarely, and most documents never.
 */
export function elementTextAt(text: string, path: readonly string[]): (index: number) => string | null {
  let spans: TextSpan[] | null | undefined;
  return (index) => {
    const span = (spans ??= arrayElementSpans(text, path))?.[index];
    return span ? text.slice(span.start, span.end) : null;
  };
}

/**
 * The value at `path` (object keys) in the JSON value starting at `start`,
 * exactly as written: a number JSON.parse would round keeps its digits.
 * Null when there is no such value. The text must be valid JSON there.
 */
export function writtenValueAt(text: string, start: number, path: readonly string[]): string | null {
  const pos = valueStart(text, start, path);
  return pos < 0 ? null : text.slice(pos, skipValue(text, pos));
}

/** The position of the value at `path` in the JSON value starting at `pos` (after any space), or -1. */
function valueStart(text: string, pos: number, path: readonly string[]): number {
  pos = skipSpace(text, pos);
  for (const key of path) {
    if (text[pos] !== '{') return -1;
    pos = findKey(text, pos, key);
    if (pos < 0) return -1;
  }
  return pos;
}

/** The position of the value of `key` in the object starting at `pos` (the last one, as JSON.parse keeps), or -1. */
function findKey(text: string, pos: number, key: string): number {
  return objectValueSpans(text, pos, [key]).get(key)?.start ?? -1;
}

/**
 * Whether the string written at `text[from, end)` (quotes included) is `key`:
 * compared where it stands, and decoded only when written longer than the
 * key with an escape, as a key spelled with `\u` escapes can be.
 */
function isKey(text: string, from: number, end: number, key: string): boolean {
  const length = end - from - 2;
  if (length === key.length) return text.startsWith(key, from + 1);
  return length > key.length && text.lastIndexOf('\\', end - 2) > from && (JSON.parse(text.slice(from, end)) as string) === key;
}

/** The position of the first character at or after `pos` that is not JSON whitespace. */
export function skipSpace(text: string, pos: number): number {
  while (pos < text.length) {
    const c = text.charCodeAt(pos);
    if (c !== 32 && c !== 10 && c !== 13 && c !== 9) break;
    pos++;
  }
  return pos;
}

/** The position just after the string starting at `pos`. */
function skipString(text: string, pos: number): number {
  let i = pos + 1;
  for (;;) {
    const q = text.indexOf('"', i);
    if (q < 0) return text.length;
    let backslashes = 0;
    for (let j = q - 1; text.charCodeAt(j) === 92; j--) backslashes++;
    if (backslashes % 2 === 0) return q + 1;
    i = q + 1;
  }
}

/** The position just after the value starting at `pos`. */
function skipValue(text: string, pos: number): number {
  const c = text[pos];
  if (c === '"') return skipString(text, pos);
  if (c === '{' || c === '[') {
    let depth = 0;
    let i = pos;
    while (i < text.length) {
      const ch = text[i];
      if (ch === '"') {
        i = skipString(text, i);
        continue;
      }
      if (ch === '{' || ch === '[') depth++;
      else if (ch === '}' || ch === ']') {
        depth--;
        if (depth === 0) return i + 1;
      }
      i++;
    }
    return text.length;
  }
  let i = pos;
  while (i < text.length && !/[\s,\]}]/.test(text[i]!)) i++;
  return i;
}

/** 1-based line and column of a character position, for messages about a whole document. */
export function lineAndColumn(text: string, position: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < position; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: position - lineStart + 1 };
}
