import { formatCount, MiB } from '../core/countText';

/**
 * Every size limit of the readers, in one place; docs/limits.md says why each
 * exists and what a user sees when a file crosses it. Limits are passed down
 * as one object so tests can shrink them instead of building gigabytes.
 */
export interface InputLimits {
  /**
   * Bytes of content one input may have once decompressed (the file itself,
   * a gzip's output, or the zip members that are read). The text of an input
   * is one JavaScript string, and V8 cannot make a string much longer than
   * 512 Mi characters; past this the input is refused, a gzip or zip before
   * it is inflated that far.
   */
  readonly maxContentBytes: number;
  /** Characters of one line (JSON Lines) or one row (SQLite); a longer one is rejected with its length, not parsed. */
  readonly maxLineChars: number;
  /**
   * Characters of a whole JSON document (an Inspect `.json`, a promptfoo
   * export, a RunState, a native array, one `.eval` member): JSON.parse
   * builds it all at once, cannot be interrupted and needs several times its
   * size in memory.
   */
  readonly maxDocumentChars: number;
  /**
   * Nesting depth of one record's JSON (arrays and objects inside each other;
   * a flat object is 1). Deeper values exhaust the stack of every recursive
   * step after parsing: a worker's structured clone, JSON.stringify, renderers.
   */
  readonly maxJsonDepth: number;
}

export const DEFAULT_LIMITS: InputLimits = {
  maxContentBytes: 500 * MiB,
  maxLineChars: 16 * MiB,
  maxDocumentChars: 256 * MiB,
  maxJsonDepth: 512,
};

/** `16 MiB`, `500 MiB`, `4 KiB`, `1,000 bytes`: how a limit reads in a message. */
export function formatSize(n: number, unit = 'bytes'): string {
  if (n >= MiB && n % MiB === 0) return `${formatCount(n / MiB)} MiB`;
  if (n >= 1024 && n % 1024 === 0) return `${formatCount(n / 1024)} KiB`;
  return `${formatCount(n)} ${unit}`;
}

/** The rejection reason for a line or row over `maxLineChars`; every line-based reader says it the same way. */
export function lineTooLongReason(length: number, limits: InputLimits, what?: string): string {
  return `${what ? `${what} is ` : ''}${formatCount(length)} characters long, over the ${formatSize(limits.maxLineChars, 'characters')} line limit; not parsed`;
}

/** A text that starts like one JSON document but is over the document limit, so it is never handed to JSON.parse. */
export class DocumentTooLargeError extends Error {
  constructor(
    readonly chars: number,
    readonly limit: number,
  ) {
    super(`its text is ${formatCount(chars)} characters, over the ${formatSize(limit)} limit for one JSON document, so it was not parsed`);
  }
}
