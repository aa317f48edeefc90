import { isHashed } from '../core/fileHash';
import type { ParsedInput } from '../core/model';

/** An input's file hash and, for a gzip, what it decompresses to. */
export type LogIdentity = Pick<ParsedInput, 'sha256' | 'bytes' | 'contentBytes' | 'contentSha256'>;

/** An input left out because an input kept before it is the same log. */
export interface SameLog<T> {
  readonly as: T;
  /** The hash both share: the file's when the bytes are the same, else the content's. */
  readonly sha256: string;
  /** The files differ, and only their content once decompressed is the same (a plain log and its gzip, two gzips of it). */
  readonly onceDecompressed: boolean;
}

/** Bytes of the content: what a gzip decompresses to, or the file itself. */
export function contentLength(input: LogIdentity): number {
  return input.contentBytes ?? input.bytes;
}

/**
 * The SHA-256 of the content, which is what makes two inputs the same log:
 * the file's own hash when the file is its content; null for a gzip whose
 * content was not hashed (the page hashes it only when needed, see
 * worker/sameOpenLog.ts).
 */
export function contentKey(input: LogIdentity): string | null {
  if (input.contentBytes !== undefined) return input.contentSha256 ?? null;
  return isHashed(input) ? input.sha256 : null;
}

/**
 * The kept input that is the same log as `input`, if any. The same bytes are
 * the same log whatever the content; otherwise the content once decompressed
 * decides, so `log.jsonl` and `log.jsonl.gz`, or two gzips of one log made
 * at other levels or times, are one log: analysed twice, every record would
 * meet its twin and share its accept_seq with it.
 */
export function sameLog<T extends LogIdentity>(kept: readonly T[], input: T, keyOf: (i: T) => string | null = contentKey): SameLog<T> | null {
  // A file not hashed yet is the same as none: its empty hash would match every other.
  const twin = isHashed(input) ? kept.find((k) => k.sha256 === input.sha256) : undefined;
  if (twin) return { as: twin, sha256: input.sha256, onceDecompressed: false };
  const key = keyOf(input);
  const as = key === null ? undefined : kept.find((k) => keyOf(k) === key);
  return as && key !== null ? { as, sha256: key, onceDecompressed: true } : null;
}
