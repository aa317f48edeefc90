/**
 * A JSON number that a JavaScript number cannot hold exactly: one beyond
 * ±(2^53 − 1). JSON.parse rounds 9007199254740993 to 9007199254740992, so two
 * amounts, scores or ids that differ would compare equal; the native reader
 * puts one of these in a record's data instead (io/exactJson.ts), and every
 * comparison of the engine (canonical.ts, fields.ts) reads its exact value.
 *
 * `text` is the value written as JavaScript writes numbers (digits in full
 * up to 21 of them, `1.5e+300` beyond), but with every digit the file gave:
 * the same value gives the same text however it is spelled (`9007199254740993`,
 * `9007199254740993.0` and `90071992547409930e-1` are one number), so equal
 * texts mean equal values. Where it must be a JavaScript number (JSON.stringify,
 * arithmetic), it is the nearest one, as JSON.parse would have read it.
 */
export class WideNumber {
  private constructor(readonly text: string) {}

  /** The number a JSON number literal (valid JSON, e.g. `9.007199254740993e15`) denotes. */
  static fromLiteral(literal: string): WideNumber {
    // Most are integers of at most 21 digits (64-bit ids), which JSON writes without leading zeros: their own text.
    // A string of its own: the literal is a slice of its line, which a slice keeps alive (and the line its streamed chunk).
    return new WideNumber(ownString(isShortInteger(literal) ? literal : formatDecimal(decimalOf(literal))));
  }

  toString(): string {
    return this.text;
  }

  /**
   * JSON.stringify writes the exact digits where the platform can write raw
   * JSON (JSON.rawJSON: Node 21+, current Chrome and Firefox), else the
   * nearest JavaScript number. Never a string: what a file wrote as a number
   * stays one wherever it is shown.
   */
  toJSON(): unknown {
    return rawJSON ? rawJSON(this.text) : Number(this.text);
  }
}

/** `text` copied into a string of its own (it holds only number characters, so it is a valid JSON string body). */
function ownString(text: string): string {
  return JSON.parse(`"${text}"`) as string;
}

const rawJSON = (JSON as { rawJSON?: (text: string) => unknown }).rawJSON;

/** Whether JSON.parse gave `n` for a literal whose value it could not hold: beyond ±(2^53 − 1), or past the largest double. */
export function isRounded(n: number): boolean {
  return n > Number.MAX_SAFE_INTEGER || n < -Number.MAX_SAFE_INTEGER;
}

/** Whether a value holds a WideNumber anywhere in it: a walk of typeof checks, allocating nothing. */
export function holdsWideNumber(v: unknown): boolean {
  if (v === null || typeof v !== 'object') return false;
  if (v instanceof WideNumber) return true;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) if (holdsWideNumber(v[i])) return true;
    return false;
  }
  for (const k in v) if (holdsWideNumber((v as Record<string, unknown>)[k])) return true;
  return false;
}

/** A number field as the engine orders it: a plain number, or a wide one read exactly. */
export type Quantity = number | WideNumber;

/** Negative, zero or positive as `a` is below, equal to or above `b`, exactly. */
export function compareQuantities(a: Quantity, b: Quantity): number {
  if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : 0;
  return compareDecimals(decimalOf(String(a)), decimalOf(String(b)));
}

function isShortInteger(literal: string): boolean {
  const from = literal.charCodeAt(0) === 0x2d ? 1 : 0;
  if (literal.length - from > 21 || literal.charCodeAt(from) === 0x30) return false;
  for (let i = from; i < literal.length; i++) {
    const c = literal.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return false;
  }
  return literal.length > from;
}

/** A decimal value: sign, significant digits (no leading or trailing zeros; empty for zero) and `point`, the value being 0.digits × 10^point. */
interface Decimal {
  readonly negative: boolean;
  readonly digits: string;
  readonly point: bigint;
}

/** The decimal a number literal denotes; also reads what String(number) writes (`1e+21`, `1.5e-7`). */
function decimalOf(literal: string): Decimal {
  const m = /^(-?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(literal);
  if (!m) throw new Error(`not a JSON number: ${literal}`);
  const whole = m[2]!;
  const all = whole + (m[3] ?? '');
  let from = 0;
  while (from < all.length && all.charCodeAt(from) === 48) from++;
  let to = all.length;
  while (to > from && all.charCodeAt(to - 1) === 48) to--;
  const digits = all.slice(from, to);
  // A BigInt exponent: `1e99999999999999999999` and its neighbours stay apart.
  const point = BigInt(whole.length - from) + BigInt(m[4] ?? '0');
  return { negative: m[1] === '-' && digits !== '', digits, point: digits === '' ? 0n : point };
}

/** ECMAScript's Number::toString layout, with all of the digits. */
function formatDecimal({ negative, digits, point }: Decimal): string {
  const sign = negative ? '-' : '';
  if (digits === '') return '0';
  const k = digits.length;
  if (point >= BigInt(k) && point <= 21n) return sign + digits + '0'.repeat(Number(point) - k);
  if (point > 0n && point <= 21n) return `${sign}${digits.slice(0, Number(point))}.${digits.slice(Number(point))}`;
  if (point > -6n && point <= 0n) return `${sign}0.${'0'.repeat(-Number(point))}${digits}`;
  const e = point - 1n;
  return `${sign}${digits[0]}${k > 1 ? `.${digits.slice(1)}` : ''}e${e >= 0n ? '+' : '-'}${e >= 0n ? e : -e}`;
}

function compareDecimals(a: Decimal, b: Decimal): number {
  const signA = a.digits === '' ? 0 : a.negative ? -1 : 1;
  const signB = b.digits === '' ? 0 : b.negative ? -1 : 1;
  if (signA !== signB || signA === 0) return signA - signB;
  // Equal negatives compare 0, not -1 × 0 = -0, which a caller testing `=== 0` takes for equal but Object.is does not.
  return signA < 0 ? compareMagnitudes(b, a) : compareMagnitudes(a, b);
}

function compareMagnitudes(a: Decimal, b: Decimal): number {
  if (a.point !== b.point) return a.point < b.point ? -1 : 1;
  // Same point: digit strings compare as written; a shorter one that is a prefix is smaller (no trailing zeros).
  return a.digits < b.digits ? -1 : a.digits > b.digits ? 1 : 0;
}
