/**
 * Many short texts (ids, messages, keys) as one joined text and where each
 * ends: a hundred thousand of them cross to the page as one string and one
 * transferable array instead of a hundred thousand cloned strings.
 */
import { jsonText } from '../core/canonical';
import type { JsonValue } from '../core/model';
import { holdsWideNumber } from '../core/wideNumber';

/**
 * A list of values as one JSON array text: by JSON.stringify, or, where a value holds a number beyond
 * 2^53 − 1 (`wide`), written with every digit, to be read back by the exact reader rather than JSON.parse.
 */
export function valuesText(values: readonly JsonValue[]): { text: string; wide: boolean } {
  const wide = values.some(holdsWideNumber);
  return { text: wide ? jsonText(values as JsonValue) : JSON.stringify(values), wide };
}

export interface PackedTexts {
  readonly text: string;
  readonly ends: Float64Array;
}

export class TextPacker {
  private readonly parts: string[] = [];
  private readonly ends: number[] = [];
  private length = 0;

  push(text: string): void {
    this.parts.push(text);
    this.length += text.length;
    this.ends.push(this.length);
  }

  finish(): PackedTexts {
    return { text: this.parts.join(''), ends: Float64Array.from(this.ends) };
  }
}

/** The i-th text of a packed list. */
export function textAt(p: PackedTexts, i: number): string {
  return p.text.slice(i === 0 ? 0 : p.ends[i - 1]!, p.ends[i]!);
}

/** A small code per distinct string (kinds, sessions, file names), in order of first use. */
export class CodeTable {
  private readonly codes = new Map<string, number>();

  of(s: string): number {
    let c = this.codes.get(s);
    if (c === undefined) this.codes.set(s, (c = this.codes.size));
    return c;
  }

  get size(): number {
    return this.codes.size;
  }

  /** The strings, each at its code. */
  values(): string[] {
    return [...this.codes.keys()];
  }
}

/** A text's UTF-16 code units as they cross to the page: transferred, not copied into the message. */
export type TextUnits = Uint8Array | Uint16Array;

const NOT_ASCII = /[\u0080-\uffff]/;

/**
 * The text's code units, one byte each where every one is ASCII. Copied by
 * hand, not by TextEncoder: Chromium's took 334–570 ms to encode 13.5
 * million characters of non-ASCII text (a Codex rollout's 40,000 records
 * spent 0.6 s of their load in it) and its decoder 180–243 ms to read them,
 * where this copy took 100–130 ms and decoding UTF-16 93–104 ms. (The texts
 * are JSON as JSON.stringify writes it, which escapes a lone surrogate, so
 * the decoder has none to replace.)
 */
export function textUnits(text: string): TextUnits {
  const units = NOT_ASCII.test(text) ? new Uint16Array(text.length) : new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) units[i] = text.charCodeAt(i);
  return units;
}

// A Uint16Array holds its units in the platform's byte order.
const utf16 = new TextDecoder(new Uint8Array(Uint16Array.of(1).buffer)[0] === 1 ? 'utf-16le' : 'utf-16be');
const ascii = new TextDecoder();

/** The text `textUnits` made these units of. */
export function unitsText(units: TextUnits): string {
  return units instanceof Uint16Array ? utf16.decode(units) : ascii.decode(units);
}
