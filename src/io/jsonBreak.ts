import { skipSpace } from './jsonSpans';

/**
 * Where a text stops being JSON: `offset` is the first character that cannot
 * continue it, or the text's length when it ends before its value is whole
 * (`endsEarly`: the file was cut off while being written).
 */
export interface JsonBreak {
  readonly offset: number;
  readonly endsEarly: boolean;
}

/** Thrown inside the scan only, at the first character that is not JSON. */
class Break {
  constructor(readonly offset: number) {}
}

/**
 * Where `text` stops being one JSON value, or null when it is one. Engines
 * say where only for some errors (V8's `Unexpected token 'x'` and
 * `Unexpected end of JSON input` name no position, Safari's none at all), so
 * the text is scanned instead. Iterative: a document nested too deep for the
 * engine's parser is scanned like any other. Used only once a parse failed.
 */
export function findJsonBreak(text: string): JsonBreak | null {
  try {
    scanDocument(text);
    return null;
  } catch (e) {
    if (!(e instanceof Break)) throw e;
    return { offset: e.offset, endsEarly: e.offset >= text.length };
  }
}

function scanDocument(text: string): void {
  // The closing character of each array or object the scan is inside.
  const open: string[] = [];
  let i = skipSpace(text, 0);
  for (;;) {
    const c = text[i];
    if (c === '{' || c === '[') {
      const close = c === '{' ? '}' : ']';
      i = skipSpace(text, i + 1);
      if (text[i] === close) i++;
      else {
        open.push(close);
        if (close === '}') i = scanMemberName(text, i);
        continue;
      }
    } else i = scanScalar(text, i);
    // After a value: a comma and the next value, the end of its container, or the end of the text.
    for (;;) {
      i = skipSpace(text, i);
      const close = open.at(-1);
      if (close === undefined) {
        if (i < text.length) throw new Break(i);
        return;
      }
      if (text[i] === ',') {
        i = skipSpace(text, i + 1);
        if (close === '}') i = scanMemberName(text, i);
        break;
      }
      if (text[i] !== close) throw new Break(i);
      open.pop();
      i++;
    }
  }
}

/** A member's name and colon at `i`; returns where its value starts. */
function scanMemberName(text: string, i: number): number {
  if (text[i] !== '"') throw new Break(i);
  i = skipSpace(text, scanString(text, i));
  if (text[i] !== ':') throw new Break(i);
  return skipSpace(text, i + 1);
}

function scanScalar(text: string, i: number): number {
  const c = text[i];
  if (c === '"') return scanString(text, i);
  if (c === 't') return scanWord(text, i, 'true');
  if (c === 'f') return scanWord(text, i, 'false');
  if (c === 'n') return scanWord(text, i, 'null');
  if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return scanNumber(text, i);
  throw new Break(i);
}

function scanWord(text: string, i: number, word: string): number {
  for (let k = 0; k < word.length; k++) if (text[i + k] !== word[k]) throw new Break(Math.min(i + k, text.length));
  return i + word.length;
}

function scanString(text: string, i: number): number {
  let j = i + 1;
  for (;;) {
    if (j >= text.length) throw new Break(text.length);
    const c = text.charCodeAt(j);
    if (c === 34) return j + 1;
    if (c < 0x20) throw new Break(j);
    if (c !== 92) {
      j++;
      continue;
    }
    const escaped = text[j + 1];
    if (escaped === undefined) throw new Break(text.length);
    if (escaped === 'u') {
      for (let k = j + 2; k < j + 6; k++) if (!/[0-9a-fA-F]/.test(text[k] ?? '')) throw new Break(Math.min(k, text.length));
      j += 6;
    } else if ('"\\/bfnrt'.includes(escaped)) j += 2;
    else throw new Break(j + 1);
  }
}

function scanNumber(text: string, i: number): number {
  let j = text[i] === '-' ? i + 1 : i;
  if (text[j] === '0') j++;
  else j = scanDigits(text, j);
  if (text[j] === '.') j = scanDigits(text, j + 1);
  if (text[j] === 'e' || text[j] === 'E') {
    j++;
    if (text[j] === '+' || text[j] === '-') j++;
    j = scanDigits(text, j);
  }
  return j;
}

/** One digit or more at `j`; returns where they end. */
function scanDigits(text: string, j: number): number {
  const isDigit = (k: number) => k < text.length && text.charCodeAt(k) >= 48 && text.charCodeAt(k) <= 57;
  if (!isDigit(j)) throw new Break(Math.min(j, text.length));
  while (isDigit(j)) j++;
  return j;
}
