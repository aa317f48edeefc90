import { nestsDeeperThan, tooDeepReason } from './jsonDepth';
import { describeJsonError } from './jsonError';
import { lineTooLongReason, type InputLimits } from './limits';

/** A parsed line, with `json`, the text it was parsed from (past a byte-order mark); or the reason it could not be. */
export type ParsedLine = { readonly value: unknown; readonly reason: null; readonly json: string } | { readonly value: undefined; readonly reason: string };

/**
 * One line of a JSON Lines file, as every line-based reader parses it: a
 * line over the length limit is refused with its length before any parsing,
 * a byte-order mark at its start (left by concatenating files) is skipped,
 * and a value nested past the depth limit is refused after parsing. The
 * reason has no `line N:` prefix; the caller adds where it is.
 */
export function parseJsonLine(text: string, start: number, end: number, limits: InputLimits): ParsedLine {
  if (end - start > limits.maxLineChars) return { value: undefined, reason: lineTooLongReason(end - start, limits) };
  const from = jsonStart(text, start);
  const json = text.slice(from, end);
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (e) {
    return { value: undefined, reason: describeJsonError(e) };
  }
  if (nestsDeeperThan(value, limits.maxJsonDepth, end - from)) return { value: undefined, reason: tooDeepReason(limits) };
  return { value, reason: null, json };
}

/** Where a line's JSON starts: past one byte-order mark, which every line may open with (left by concatenating files). */
export function jsonStart(text: string, start: number): number {
  return text.charCodeAt(start) === 0xfeff ? start + 1 : start;
}
