import type { JsonValue } from './model';
import { WideNumber } from './wideNumber';

export interface JsonTextOptions {
  /** Object keys in sorted order (the canonical form); otherwise as written. */
  readonly sortKeys?: boolean;
  /** Stop after about this many characters and end with `…` (previews in messages). */
  readonly maxChars?: number;
}

interface Frame {
  readonly value: JsonValue[] | { [key: string]: JsonValue };
  readonly keys: string[] | null;
  index: number;
}

/**
 * JSON text of a value without recursion, so a value nested a million levels
 * deep (a hostile log line) costs memory in proportion to its size and never
 * overflows the stack the way JSON.stringify and a recursive walk do.
 */
export function jsonText(value: JsonValue | undefined, options: JsonTextOptions = {}): string {
  if (value === undefined) return 'undefined';
  const sortKeys = options.sortKeys ?? false;
  const maxChars = options.maxChars ?? Infinity;
  // Most values are shallow: write them whole the quick way, and walk with a stack only what nests
  // deeper, or what is cut short (a preview of a huge value stops early).
  if (maxChars === Infinity) {
    const quick = sortKeys ? sortedText(value, 0) : shallowText(value);
    if (quick !== null) return quick;
  }
  const out: string[] = [];
  let length = 0;
  const emit = (s: string) => {
    out.push(s);
    length += s.length;
  };
  const stack: Frame[] = [];
  const open = (v: JsonValue) => {
    if (v === null || typeof v !== 'object') {
      emit(JSON.stringify(v) ?? 'null');
      return;
    }
    if (v instanceof WideNumber) {
      emit(v.text);
      return;
    }
    if (Array.isArray(v)) {
      emit('[');
      stack.push({ value: v, keys: null, index: 0 });
    } else {
      emit('{');
      const keys = Object.keys(v);
      stack.push({ value: v, keys: sortKeys ? keys.sort() : keys, index: 0 });
    }
  };
  open(value);
  while (stack.length > 0) {
    if (length > maxChars) return `${out.join('').slice(0, maxChars)}…`;
    const frame = stack[stack.length - 1]!;
    const size = frame.keys ? frame.keys.length : (frame.value as JsonValue[]).length;
    if (frame.index >= size) {
      emit(frame.keys ? '}' : ']');
      stack.pop();
      continue;
    }
    if (frame.index > 0) emit(',');
    const i = frame.index++;
    if (frame.keys) {
      const key = frame.keys[i]!;
      emit(`${JSON.stringify(key)}:`);
      open((frame.value as { [key: string]: JsonValue })[key]!);
    } else open((frame.value as JsonValue[])[i]!);
  }
  const text = out.join('');
  return text.length > maxChars ? `${text.slice(0, maxChars)}…` : text;
}

/** Nesting the quick writers handle by recursion; anything deeper takes the stack walk. */
const QUICK_DEPTH = 32;

/** Whether JSON.stringify writes `value` as jsonText does: nesting within QUICK_DEPTH, and no WideNumber, which it would round. */
function nestsWithin(value: JsonValue, depth: number): boolean {
  if (value === null || typeof value !== 'object') return true;
  if (depth >= QUICK_DEPTH || value instanceof WideNumber) return false;
  if (Array.isArray(value)) {
    for (const v of value) if (!nestsWithin(v, depth + 1)) return false;
    return true;
  }
  for (const k in value) if (Object.prototype.hasOwnProperty.call(value, k) && !nestsWithin(value[k]!, depth + 1)) return false;
  return true;
}

/** JSON.stringify's text when the value nests shallowly enough for its recursion, else null. */
function shallowText(value: JsonValue): string | null {
  return nestsWithin(value, 0) ? JSON.stringify(value) : null;
}

/** The sorted-keys text of a value by recursion, or null past QUICK_DEPTH. */
function sortedText(value: JsonValue, depth: number): string | null {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (value instanceof WideNumber) return value.text;
  if (depth >= QUICK_DEPTH) return null;
  let out: string;
  if (Array.isArray(value)) {
    out = '[';
    for (let i = 0; i < value.length; i++) {
      const item = sortedText(value[i]!, depth + 1);
      if (item === null) return null;
      out += i > 0 ? `,${item}` : item;
    }
    return `${out}]`;
  }
  const keys = Object.keys(value);
  if (keys.length > 1) keys.sort();
  out = '{';
  for (let i = 0; i < keys.length; i++) {
    const item = sortedText(value[keys[i]!]!, depth + 1);
    if (item === null) return null;
    out += `${i > 0 ? ',' : ''}${JSON.stringify(keys[i])}:${item}`;
  }
  return `${out}}`;
}

/**
 * A stable text form of a JSON value with object keys sorted, so that two
 * payloads that differ only in key order compare equal.
 */
export function canonicalJson(value: JsonValue | undefined): string {
  return jsonText(value, { sortKeys: true });
}

/**
 * Whether two values have the same canonical JSON. Written text is not needed
 * to tell: for plain JSON (null, booleans, strings, finite numbers, arrays
 * and objects of them) equal canonical text means equal structure, so the
 * values are compared where they stand, walking them as canonicalJson does.
 * Where that cannot say — undefined, a non-finite number, nesting past
 * QUICK_DEPTH — the texts decide, exactly as before.
 */
export function sameJson(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  return sameStructure(a, b, 0) ?? canonicalJson(a) === canonicalJson(b);
}

const isEnumerableOwn = Object.prototype.propertyIsEnumerable;

/** A value whose JSON text JSON.stringify writes injectively: equal text only for equal values. */
function isPlainScalar(v: unknown): boolean {
  return v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));
}

/**
 * True or false when the canonical texts of `a` and `b` are certainly equal
 * or different, undefined when only the texts can tell. A difference found in
 * plain parts is final whatever the rest holds: a value's text never holds an
 * unquoted `,` `]` or `}` outside its own brackets, so texts that differ in
 * one element or member differ as wholes.
 */
function sameStructure(a: unknown, b: unknown, depth: number): boolean | undefined {
  // The same value, or the same object: the same text.
  if (a === b) return true;
  const objectA = typeof a === 'object' && a !== null;
  const objectB = typeof b === 'object' && b !== null;
  // A wide number's text is its value; against anything else only the texts can tell (a plain number JSON.parse did not widen).
  const wideA = objectA && a instanceof WideNumber;
  const wideB = objectB && b instanceof WideNumber;
  if (wideA || wideB) return wideA && wideB ? (a as WideNumber).text === (b as WideNumber).text : undefined;
  // Text of an object starts with `{` or `[`, never so a scalar's; distinct plain scalars have distinct texts.
  if (!objectA || !objectB) return (objectA || isPlainScalar(a)) && (objectB || isPlainScalar(b)) ? false : undefined;
  if (depth >= QUICK_DEPTH) return undefined;
  const arrayA = Array.isArray(a);
  if (arrayA !== Array.isArray(b)) return false;
  if (arrayA) {
    const listA = a as unknown[];
    const listB = b as unknown[];
    if (listA.length !== listB.length) return false;
    for (let i = 0; i < listA.length; i++) {
      const same = sameStructure(listA[i], listB[i], depth + 1);
      if (same !== true) return same;
    }
    return true;
  }
  const objA = a as Record<string, unknown>;
  const objB = b as Record<string, unknown>;
  const keys = Object.keys(objA);
  const keysB = Object.keys(objB);
  // Same number of keys, and each of a's keys one of b's (as Object.keys sees them): the same key set.
  if (keys.length !== keysB.length) return false;
  // Objects written alike list their keys alike, and then b holds each of a's without asking it key by key.
  let listedAlike = true;
  for (let i = 0; i < keys.length && listedAlike; i++) listedAlike = keys[i] === keysB[i];
  for (const k of keys) {
    if (!listedAlike && !isEnumerableOwn.call(objB, k)) return false;
    const same = sameStructure(objA[k], objB[k], depth + 1);
    if (same !== true) return same;
  }
  return true;
}

/** A value as a message quotes it: JSON as written, cut at `maxChars` with `…`. */
export function jsonPreview(value: JsonValue | undefined, maxChars = 200): string {
  return jsonText(value, { maxChars });
}
