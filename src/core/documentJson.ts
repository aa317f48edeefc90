import { holdsWideNumber, WideNumber } from './wideNumber';

/**
 * A document as `JSON.stringify(value, null, 2)` writes it, except that a
 * WideNumber (a number beyond 2^53 − 1 that a state value holds) is written
 * with every digit, where JSON.stringify can only write the nearest
 * JavaScript number and a decision-flip between 9007199254740993 and
 * 9007199254740992 would print as two equal values. `where` lists the parts
 * that can hold one (the whole document by default): only when one does is
 * the document written here rather than by JSON.stringify, which is faster.
 */
export function documentJson(value: unknown, where: readonly unknown[] = [value]): string {
  return where.some(holdsWideNumber) ? indented(value, '') ?? 'undefined' : JSON.stringify(value, null, 2);
}

/** JSON.stringify's text with an indent of two; undefined where it would leave the value out. */
function indented(value: unknown, at: string): string | undefined {
  if (value instanceof WideNumber) return value.text;
  const v = hasToJson(value) ? value.toJSON() : value;
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  const inner = `${at}  `;
  if (Array.isArray(v)) {
    if (v.length === 0) return '[]';
    return `[\n${v.map((x) => inner + (indented(x, inner) ?? 'null')).join(',\n')}\n${at}]`;
  }
  const members: string[] = [];
  for (const [k, x] of Object.entries(v)) {
    const text = indented(x, inner);
    if (text !== undefined) members.push(`${inner}${JSON.stringify(k)}: ${text}`);
  }
  return members.length === 0 ? '{}' : `{\n${members.join(',\n')}\n${at}}`;
}

/** What JSON.stringify asks to write itself some other way (a Date). */
function hasToJson(v: unknown): v is { toJSON(): unknown } {
  return typeof v === 'object' && v !== null && typeof (v as { toJSON?: unknown }).toJSON === 'function';
}
