import type { ParsedInput } from './model';

/**
 * The SHA-256 of a large file the page streamed, until the page has hashed
 * it: a file is hashed after its view is shown, since hashing it while it is
 * read took about a second of a million-record load on two cores.
 */
export const NOT_HASHED = '';

/** Whether the input's file hash is known (always, but for a large file the page has just shown). */
export const isHashed = (input: Pick<ParsedInput, 'sha256'>): boolean => input.sha256 !== NOT_HASHED;

/**
 * Gives an input read without its hash its SHA-256, in place: the worker's
 * kept input then carries it into every later analysis, and the page's
 * views, keyed by the analysis, need not be prepared again for it.
 */
export function setFileHash(input: ParsedInput, sha256: string): void {
  (input as { sha256: string }).sha256 = sha256;
}
