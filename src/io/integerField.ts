import { describeValue, describeWritten } from './jsonError';
import { jsonStart } from './jsonLine';
import { writtenValueAt } from './jsonSpans';

/**
 * Why `value`, read from the field `label` at `path` of a parsed JSON value,
 * is not a non-negative integer of at most 2^53 − 1. A JSON number beyond
 * that is not held exactly: JSON.parse rounds it, often to an integer, so
 * quoting the parsed value would misquote the file and read as if it met the
 * rule. Such a number is quoted as written, found in `text` (the value's JSON
 * starts at `start`, past any byte-order mark that opens a line); the text is
 * searched only here, once the value is already being rejected.
 */
export function nonNegativeIntegerReason(label: string, value: unknown, path: readonly string[], text: string | null, start: number): string {
  if (typeof value !== 'number' || Math.abs(value) <= Number.MAX_SAFE_INTEGER) return `${label} must be a non-negative integer, got ${describeValue(value)}`;
  const written = text === null ? null : writtenValueAt(text, jsonStart(text, start), path);
  if (value < 0) return `${label} must be a non-negative integer, got ${written !== null ? describeWritten(written) : `a number below −(2^53 − 1), read rounded as ${value}`}`;
  const got = written !== null ? describeWritten(written) : `a number beyond 2^53 − 1, read rounded as ${value}`;
  return `${label} must be a non-negative integer of at most ${Number.MAX_SAFE_INTEGER} (2^53 − 1), the largest a JSON number holds exactly; got ${got}`;
}
