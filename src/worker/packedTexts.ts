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
