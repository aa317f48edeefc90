/**
 * Many short texts (ids, messages, keys) as one joined text and where each
 * ends: a hundred thousand of them cross to the page as one string and one
 * transferable array instead of a hundred thousand cloned strings.
 */
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
