import type { JsonValue } from '../core/model';
import { isObject } from './derivedRecord';

/** A numeric score at or above this passes; below it fails. Stated in docs/formats.md. */
export const INSPECT_PASS_THRESHOLD = 0.5;

export interface ScoreStatus {
  /** One of the spec's status words; the engine normalises it. */
  readonly status: 'pass' | 'fail' | 'error' | 'unknown';
  /** Why, in a few words a person can check against the log. */
  readonly basis: string;
}

/**
 * Inspect's letter grades (`CORRECT` "C", `INCORRECT` "I", `NOANSWER` "N",
 * `PARTIAL` "P"), booleans and numbers to a status. A partial grade is the
 * scorer saying "neither", so it stays unknown instead of being rounded.
 */
export function statusOfScoreValue(value: JsonValue | undefined): ScoreStatus {
  if (value === undefined || value === null) return { status: 'unknown', basis: 'no score value' };
  if (typeof value === 'boolean') return { status: value ? 'pass' : 'fail', basis: `boolean ${value}` };
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { status: 'unknown', basis: `score ${value}` };
    const pass = value >= INSPECT_PASS_THRESHOLD;
    return { status: pass ? 'pass' : 'fail', basis: `${value} ${pass ? '>=' : '<'} threshold ${INSPECT_PASS_THRESHOLD}` };
  }
  if (typeof value === 'string') {
    switch (value.trim().toUpperCase()) {
      case 'C':
        return { status: 'pass', basis: '"C" (correct)' };
      case 'I':
        return { status: 'fail', basis: '"I" (incorrect)' };
      case 'N':
        return { status: 'fail', basis: '"N" (no answer)' };
      case 'P':
        return { status: 'unknown', basis: '"P" (partial credit: neither pass nor fail)' };
    }
    const word = value.trim().toLowerCase();
    if (['pass', 'passed', 'true', 'yes', 'correct'].includes(word)) return { status: 'pass', basis: `"${value}"` };
    if (['fail', 'failed', 'false', 'no', 'incorrect'].includes(word)) return { status: 'fail', basis: `"${value}"` };
    return { status: 'unknown', basis: `"${value}" is not a grade Seqscope knows` };
  }
  if (isObject(value) || Array.isArray(value)) return { status: 'unknown', basis: 'a value with several parts (no single grade)' };
  return { status: 'unknown', basis: 'unrecognised score value' };
}
