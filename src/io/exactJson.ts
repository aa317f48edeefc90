import { isRounded, WideNumber } from '../core/wideNumber';
import { skipSpace } from './jsonSpans';

/**
 * Numbers JSON.parse cannot hold, found and read again exactly. JSON.parse
 * reads 9007199254740993 as 9007199254740992, and 1e400 as Infinity: finding
 * such a number in what it made is a walk of typeof checks, cheap beside the
 * parse, and only a value that holds one is read again from its text, here,
 * with each such number as a WideNumber.
 */

/** Whether a parsed JSON value holds a number that JSON.parse rounded (beyond ±(2^53 − 1), or past the largest double). */
export function holdsRoundedNumber(v: unknown): boolean {
  if (typeof v === 'number') return isRounded(v);
  // A WideNumber is the exact reading of one, put in already.
  if (typeof v !== 'object' || v === null || v instanceof WideNumber) return false;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) if (holdsRoundedNumber(v[i])) return true;
    return false;
  }
  // JSON.parse makes plain objects, and Object.prototype has no enumerable member: for-in sees own keys only.
  for (const k in v) if (holdsRoundedNumber((v as Record<string, unknown>)[k])) return true;
  return false;
}

/**
 * The JSON value written at `text[start]` (which must be valid JSON, as a
 * value JSON.parse has read is) as JSON.parse reads it, except that a number
 * it would round is a WideNumber. Nesting is as deep as the value's, which
 * the readers have limited.
 */
export function parseExact(text: string, start: number): unknown {
  const reader = new ExactReader(text, start);
  return reader.value();
}

/** Reads one JSON value from a position; the text must be valid JSON there. */
class ExactReader {
  constructor(
    private readonly text: string,
    private pos: number,
  ) {}

  value(): unknown {
    this.skipSpace();
    const c = this.text.charCodeAt(this.pos);
    if (c === 0x22) return this.string();
    if (c === 0x7b) return this.object();
    if (c === 0x5b) return this.array();
    if (c === 0x74) return this.literal('true', true);
    if (c === 0x66) return this.literal('false', false);
    if (c === 0x6e) return this.literal('null', null);
    return this.number();
  }

  private object(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    if (this.opensEmpty(0x7d)) return out;
    for (;;) {
      this.skipSpace();
      const key = this.string();
      this.skipSpace();
      this.pos++; // the colon
      const v = this.value();
      // As JSON.parse does: `__proto__` is an own member, not the object's prototype.
      if (key === '__proto__') Object.defineProperty(out, key, { value: v, enumerable: true, writable: true, configurable: true });
      else out[key] = v;
      this.skipSpace();
      if (this.text.charCodeAt(this.pos++) !== 0x2c) return out;
    }
  }

  private array(): unknown[] {
    const out: unknown[] = [];
    if (this.opensEmpty(0x5d)) return out;
    for (;;) {
      out.push(this.value());
      this.skipSpace();
      if (this.text.charCodeAt(this.pos++) !== 0x2c) return out;
    }
  }

  /** Passes the `{` or `[` here, and its `close` too when nothing comes between: whether it did. */
  private opensEmpty(close: number): boolean {
    this.pos++;
    this.skipSpace();
    if (this.text.charCodeAt(this.pos) !== close) return false;
    this.pos++;
    return true;
  }

  private string(): string {
    const from = this.pos;
    this.pos = this.stringEnd();
    return this.stringAt(from, this.pos);
  }

  /**
   * The string written at `text[from, end)`, quotes included, always as a
   * string of its own: a slice would keep the whole line alive, and the line
   * a slice of the streamed chunk, so a log read as a stream would hold its text.
   */
  private stringAt(from: number, end: number): string {
    return JSON.parse(this.text.slice(from, end)) as string;
  }

  /** Just past the string that starts here: its closing quote is the first one after an even run of backslashes. */
  private stringEnd(): number {
    const text = this.text;
    let q = this.pos;
    for (;;) {
      q = text.indexOf('"', q + 1);
      if (q < 0) return text.length;
      let backslashes = 0;
      while (text.charCodeAt(q - 1 - backslashes) === 0x5c) backslashes++;
      if (backslashes % 2 === 0) return q + 1;
    }
  }

  private number(): number | WideNumber {
    const from = this.pos;
    this.pos = this.scalarEnd();
    const literal = this.text.slice(from, this.pos);
    const n = Number(literal);
    return isRounded(n) ? WideNumber.fromLiteral(literal) : n;
  }

  /** Just past the number or literal here: it ends where space, `,`, `]` or `}` (or the text) does. */
  private scalarEnd(): number {
    const text = this.text;
    let i = this.pos;
    for (; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 0x2c || c === 0x5d || c === 0x7d || c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) break;
    }
    return i;
  }

  private literal<T>(word: string, v: T): T {
    this.pos += word.length;
    return v;
  }

  private skipSpace(): void {
    this.pos = skipSpace(this.text, this.pos);
  }
}
