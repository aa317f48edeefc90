/**
 * Where to cut `text` into pieces of at most `size` UTF-16 code units, as the
 * offsets where each piece ends (the last one is `text.length`; an empty text
 * has none). A piece ends after a space, tab or line break when one stands
 * in its last eighth, so that the page, which starts each piece on a line of
 * its own, breaks the text where it could have wrapped anyway; else at
 * `size`, moved back off the second half of a surrogate pair or of CR LF, a
 * combining mark, a joiner or what follows one, a variation selector or an emoji modifier, the
 * second letter of a flag, a Hangul vowel or final jamo, or a consonant after a virama, so
 * that no character is drawn in two halves.
 */
export function chunkEnds(text: string, size: number): number[] {
  if (!Number.isInteger(size) || size < 2) throw new RangeError(`a chunk of ${size} code units cannot hold every character`);
  const ends: number[] = [];
  let start = 0;
  while (text.length - start > size) {
    const end = breakAfterSpace(text, start, size) ?? wholeCharacterEnd(text, start, start + size);
    ends.push(end);
    start = end;
  }
  if (start < text.length) ends.push(text.length);
  return ends;
}

/** `text` cut where `chunkEnds` cuts it: its pieces, in order. */
export function chunkPieces(text: string, size: number): string[] {
  const pieces: string[] = [];
  let start = 0;
  for (const end of chunkEnds(text, size)) {
    pieces.push(text.slice(start, end));
    start = end;
  }
  return pieces;
}

const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const ZWJ = 0x200d;

function breakAfterSpace(text: string, start: number, size: number): number | null {
  const floor = start + size - Math.floor(size / 8);
  for (let at = start + size - 1; at >= floor; at--) {
    const unit = text.charCodeAt(at);
    // A space can carry a combining mark of its own (a spacing accent).
    if ((unit === SPACE || unit === TAB || unit === LF || unit === CR) && !continuesBefore(text, start, at + 1)) return at + 1;
  }
  return null;
}

/**
 * Where to cut `text` to keep at most `at` UTF-16 code units, the first part
 * of a text too long to draw at once: moved back, as a piece of `chunkEnds` is,
 * so that no character (a surrogate pair, an emoji joined by ZWJ, a letter
 * and its combining marks) is drawn in two halves.
 */
export function wholeCharacterCut(text: string, at: number): number {
  return at >= text.length ? text.length : wholeCharacterEnd(text, 0, at);
}

/** How far back a cut moves to keep a character whole before it gives up (a long run of combining marks). */
const MOST_BACK = 32;

function wholeCharacterEnd(text: string, start: number, end: number): number {
  for (let at = end; at > start + 1 && at > end - MOST_BACK; at--) {
    if (!continuesBefore(text, start, at)) return at;
  }
  return isSecondHalf(text, end) ? end - 1 : end;
}

/**
 * What belongs to the character before it when drawn: a combining mark, ZWJ or ZWNJ, a variation
 * selector, an emoji modifier or tag, a Hangul vowel or final jamo (of a syllable written in jamo).
 */
const JOINS_BEFORE = /^(?:\p{M}|[\u200C\u200D]|[\u{1F3FB}-\u{1F3FF}]|[\u{E0020}-\u{E007F}]|[\u1160-\u11FF\uD7B0-\uD7FF])$/u;

/** A virama that joins the consonants either side of it into one (Devanagari, Bengali, Gujarati, Oriya, Telugu, Malayalam). */
const LINKERS = new Set([0x094d, 0x09cd, 0x0acd, 0x0b4d, 0x0c4d, 0x0d4d]);

function continuesBefore(text: string, start: number, at: number): boolean {
  const before = text.charCodeAt(at - 1);
  if (isSecondHalf(text, at) || before === ZWJ || LINKERS.has(before)) return true;
  const point = text.codePointAt(at)!;
  return JOINS_BEFORE.test(String.fromCodePoint(point)) || (isRegionalIndicator(point) && flagLettersBefore(text, start, at) % 2 === 1);
}

const isRegionalIndicator = (point: number) => point >= 0x1f1e6 && point <= 0x1f1ff;

/** Letters of flags (regional indicators) just before `at`, back to `start`, where a piece began and so a flag did. */
function flagLettersBefore(text: string, start: number, at: number): number {
  let letters = 0;
  for (let k = at - 2; k >= start && isRegionalIndicator(text.codePointAt(k)!); k -= 2) letters++;
  return letters;
}

/** The low surrogate of a pair, or the LF of CR LF: cut before it, a character or a line break is split in two. */
function isSecondHalf(text: string, at: number): boolean {
  const unit = text.charCodeAt(at);
  const before = text.charCodeAt(at - 1);
  if (unit === LF) return before === CR;
  return unit >= 0xdc00 && unit <= 0xdfff && before >= 0xd800 && before <= 0xdbff;
}
