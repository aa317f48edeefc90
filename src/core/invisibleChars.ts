/**
 * Characters that change what text means without being seen: zero-width
 * characters, bidirectional controls (the "Trojan Source" trick), spaces that
 * are not U+0020, control characters, tag characters (used to hide text in
 * plain sight) and unpaired surrogates. Ids, keys and sessions that differ
 * only by one of these are different identities; an auditor must be able to
 * see that, so views and reports mark each one with its code point and name.
 */

export type InvisibleKind = 'bidi' | 'zero-width' | 'space' | 'control' | 'tag' | 'variation-selector' | 'surrogate';

export interface InvisibleChar {
  /** Position in the string (UTF-16 code units) and how many units the character takes. */
  readonly index: number;
  readonly length: number;
  readonly codePoint: number;
  /** `U+202E`. */
  readonly code: string;
  /** The Unicode name, e.g. `RIGHT-TO-LEFT OVERRIDE`. */
  readonly name: string;
  readonly kind: InvisibleKind;
}

const NAMED: ReadonlyMap<number, readonly [string, InvisibleKind]> = new Map([
  [0x00a0, ['NO-BREAK SPACE', 'space']],
  [0x00ad, ['SOFT HYPHEN', 'zero-width']],
  [0x034f, ['COMBINING GRAPHEME JOINER', 'zero-width']],
  [0x061c, ['ARABIC LETTER MARK', 'bidi']],
  [0x115f, ['HANGUL CHOSEONG FILLER', 'zero-width']],
  [0x1160, ['HANGUL JUNGSEONG FILLER', 'zero-width']],
  [0x17b4, ['KHMER VOWEL INHERENT AQ', 'zero-width']],
  [0x17b5, ['KHMER VOWEL INHERENT AA', 'zero-width']],
  [0x180e, ['MONGOLIAN VOWEL SEPARATOR', 'zero-width']],
  [0x2000, ['EN QUAD', 'space']],
  [0x2001, ['EM QUAD', 'space']],
  [0x2002, ['EN SPACE', 'space']],
  [0x2003, ['EM SPACE', 'space']],
  [0x2004, ['THREE-PER-EM SPACE', 'space']],
  [0x2005, ['FOUR-PER-EM SPACE', 'space']],
  [0x2006, ['SIX-PER-EM SPACE', 'space']],
  [0x2007, ['FIGURE SPACE', 'space']],
  [0x2008, ['PUNCTUATION SPACE', 'space']],
  [0x2009, ['THIN SPACE', 'space']],
  [0x200a, ['HAIR SPACE', 'space']],
  [0x200b, ['ZERO WIDTH SPACE', 'zero-width']],
  [0x200c, ['ZERO WIDTH NON-JOINER', 'zero-width']],
  [0x200d, ['ZERO WIDTH JOINER', 'zero-width']],
  [0x200e, ['LEFT-TO-RIGHT MARK', 'bidi']],
  [0x200f, ['RIGHT-TO-LEFT MARK', 'bidi']],
  [0x2028, ['LINE SEPARATOR', 'space']],
  [0x2029, ['PARAGRAPH SEPARATOR', 'space']],
  [0x202a, ['LEFT-TO-RIGHT EMBEDDING', 'bidi']],
  [0x202b, ['RIGHT-TO-LEFT EMBEDDING', 'bidi']],
  [0x202c, ['POP DIRECTIONAL FORMATTING', 'bidi']],
  [0x202d, ['LEFT-TO-RIGHT OVERRIDE', 'bidi']],
  [0x202e, ['RIGHT-TO-LEFT OVERRIDE', 'bidi']],
  [0x202f, ['NARROW NO-BREAK SPACE', 'space']],
  [0x205f, ['MEDIUM MATHEMATICAL SPACE', 'space']],
  [0x2060, ['WORD JOINER', 'zero-width']],
  [0x2061, ['FUNCTION APPLICATION', 'zero-width']],
  [0x2062, ['INVISIBLE TIMES', 'zero-width']],
  [0x2063, ['INVISIBLE SEPARATOR', 'zero-width']],
  [0x2064, ['INVISIBLE PLUS', 'zero-width']],
  [0x2066, ['LEFT-TO-RIGHT ISOLATE', 'bidi']],
  [0x2067, ['RIGHT-TO-LEFT ISOLATE', 'bidi']],
  [0x2068, ['FIRST STRONG ISOLATE', 'bidi']],
  [0x2069, ['POP DIRECTIONAL ISOLATE', 'bidi']],
  [0x206a, ['INHIBIT SYMMETRIC SWAPPING', 'zero-width']],
  [0x206b, ['ACTIVATE SYMMETRIC SWAPPING', 'zero-width']],
  [0x206c, ['INHIBIT ARABIC FORM SHAPING', 'zero-width']],
  [0x206d, ['ACTIVATE ARABIC FORM SHAPING', 'zero-width']],
  [0x206e, ['NATIONAL DIGIT SHAPES', 'zero-width']],
  [0x206f, ['NOMINAL DIGIT SHAPES', 'zero-width']],
  [0x3000, ['IDEOGRAPHIC SPACE', 'space']],
  [0x3164, ['HANGUL FILLER', 'zero-width']],
  [0xfeff, ['ZERO WIDTH NO-BREAK SPACE', 'zero-width']],
  [0xffa0, ['HALFWIDTH HANGUL FILLER', 'zero-width']],
  [0xfff9, ['INTERLINEAR ANNOTATION ANCHOR', 'zero-width']],
  [0xfffa, ['INTERLINEAR ANNOTATION SEPARATOR', 'zero-width']],
  [0xfffb, ['INTERLINEAR ANNOTATION TERMINATOR', 'zero-width']],
  [0x1d173, ['MUSICAL SYMBOL BEGIN BEAM', 'zero-width']],
  [0x1d174, ['MUSICAL SYMBOL END BEAM', 'zero-width']],
  [0x1d175, ['MUSICAL SYMBOL BEGIN TIE', 'zero-width']],
  [0x1d176, ['MUSICAL SYMBOL END TIE', 'zero-width']],
  [0x1d177, ['MUSICAL SYMBOL BEGIN SLUR', 'zero-width']],
  [0x1d178, ['MUSICAL SYMBOL END SLUR', 'zero-width']],
  [0x1d179, ['MUSICAL SYMBOL BEGIN PHRASE', 'zero-width']],
  [0x1d17a, ['MUSICAL SYMBOL END PHRASE', 'zero-width']],
  [0xe0001, ['LANGUAGE TAG', 'tag']],
  [0xe007f, ['CANCEL TAG', 'tag']],
]);

const C0_NAMES = [
  'NULL', 'START OF HEADING', 'START OF TEXT', 'END OF TEXT', 'END OF TRANSMISSION', 'ENQUIRY', 'ACKNOWLEDGE', 'BELL',
  'BACKSPACE', 'CHARACTER TABULATION', 'LINE FEED', 'LINE TABULATION', 'FORM FEED', 'CARRIAGE RETURN', 'SHIFT OUT', 'SHIFT IN',
  'DATA LINK ESCAPE', 'DEVICE CONTROL ONE', 'DEVICE CONTROL TWO', 'DEVICE CONTROL THREE', 'DEVICE CONTROL FOUR', 'NEGATIVE ACKNOWLEDGE', 'SYNCHRONOUS IDLE', 'END OF TRANSMISSION BLOCK',
  'CANCEL', 'END OF MEDIUM', 'SUBSTITUTE', 'ESCAPE', 'INFORMATION SEPARATOR FOUR', 'INFORMATION SEPARATOR THREE', 'INFORMATION SEPARATOR TWO', 'INFORMATION SEPARATOR ONE',
];

/** Name and kind of an invisible code point, or null for a visible one. */
export function invisibleCharName(cp: number): readonly [string, InvisibleKind] | null {
  if (cp < 0x20) return [C0_NAMES[cp]!, 'control'];
  if (cp === 0x7f) return ['DELETE', 'control'];
  if (cp >= 0x80 && cp <= 0x9f) return [`C1 CONTROL ${hex(cp)}`, 'control'];
  const named = NAMED.get(cp);
  if (named) return named;
  if (cp >= 0xfe00 && cp <= 0xfe0f) return [`VARIATION SELECTOR-${cp - 0xfe00 + 1}`, 'variation-selector'];
  if (cp >= 0xe0100 && cp <= 0xe01ef) return [`VARIATION SELECTOR-${cp - 0xe0100 + 17}`, 'variation-selector'];
  if (cp >= 0xe0020 && cp <= 0xe007e) return [`TAG ${tagLetterName(cp - 0xe0000)}`, 'tag'];
  if (cp >= 0xd800 && cp <= 0xdfff) return ['UNPAIRED SURROGATE', 'surrogate'];
  return null;
}

function tagLetterName(ascii: number): string {
  if (ascii === 0x20) return 'SPACE';
  const c = String.fromCharCode(ascii);
  if (/[A-Z]/.test(c)) return `LATIN CAPITAL LETTER ${c}`;
  if (/[a-z]/.test(c)) return `LATIN SMALL LETTER ${c.toUpperCase()}`;
  return `CHARACTER ${JSON.stringify(c)}`;
}

function hex(cp: number): string {
  return `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
}

export function hasInvisibles(text: string): boolean {
  return describeInvisibles(text).length > 0;
}

/** Every invisible or direction-changing character of a text, in order, with where it is and what it is. */
export function describeInvisibles(text: string): InvisibleChar[] {
  const found: InvisibleChar[] = [];
  for (let i = 0; i < text.length; ) {
    const unit = text.charCodeAt(i);
    if (unit >= 0x20 && unit < 0x7f) {
      i++;
      continue;
    }
    const next = text.charCodeAt(i + 1);
    const pair = unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff;
    const cp = pair ? (unit - 0xd800) * 0x400 + (next - 0xdc00) + 0x10000 : unit;
    const length = pair ? 2 : 1;
    const what = invisibleCharName(cp);
    if (what) found.push({ index: i, length, codePoint: cp, code: hex(cp), name: what[0], kind: what[1] });
    i += length;
  }
  return found;
}

/**
 * The text with each invisible character replaced by a visible mark, `⟨U+200B⟩`,
 * for places that can only show plain text (a terminal, a Markdown cell).
 * A display aid, not an encoding: the mark itself could be typed by anyone.
 */
export function revealInvisibles(text: string): string {
  return replaceInvisibles(text, (c) => `⟨${c.code}⟩`);
}

/** The text with each invisible character replaced by what `replace` makes of it. */
export function replaceInvisibles(text: string, replace: (c: InvisibleChar) => string): string {
  const found = describeInvisibles(text);
  if (found.length === 0) return text;
  let out = '';
  let at = 0;
  for (const c of found) {
    out += text.slice(at, c.index) + replace(c);
    at = c.index + c.length;
  }
  return out + text.slice(at);
}
