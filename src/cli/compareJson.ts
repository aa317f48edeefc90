import type { Comparison } from '../core/index';

/**
 * Members whose values are the log's own JSON (a state value, a score): their
 * keys are the log's and are written as the log has them.
 */
const LOG_DATA = ['acceptance', 'storage', 'scores', 'score'] as const;
type LogData = (typeof LOG_DATA)[number];
const isLogData = (key: string): key is LogData => (LOG_DATA as readonly string[]).includes(key);

type SnakeCase<S extends string> = S extends `${infer Head}${infer Tail}` ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${SnakeCase<Tail>}` : S;

type SnakeKeys<T> = T extends readonly (infer Item)[]
  ? SnakeKeys<Item>[]
  : T extends object
    ? { [K in keyof T as K extends string ? SnakeCase<K> : K]: K extends LogData ? T[K] : SnakeKeys<T[K]> }
    : T;

/** What `compare --json` prints: the Comparison, its field names in snake_case as `check --json` has them (spec section 5). */
export type CompareDocument = { version: 1 } & SnakeKeys<Comparison>;

export function compareDocument(comparison: Comparison): CompareDocument {
  return { version: 1, ...(snakeKeys(comparison) as SnakeKeys<Comparison>) };
}

function snakeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeKeys);
  // Only plain data is renamed; anything else (a number held exactly, in a value) is written as it is.
  if (value === null || typeof value !== 'object') return value;
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) out[snakeCase(key)] = isLogData(key) ? member : snakeKeys(member);
  return out;
}

function snakeCase(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}
