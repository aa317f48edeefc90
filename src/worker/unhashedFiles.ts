import { isHashed, setFileHash } from '../core/fileHash';
import type { ParsedInput } from '../core/model';
import { hashBlob } from './hashFiles';

/** The file of each input read without its hash, so the hash can be made when it is needed. */
const files = new WeakMap<ParsedInput, Blob>();
const hashing = new WeakMap<ParsedInput, Promise<void>>();

/** `input` was streamed from `file` without hashing it (the page hashes it after the view). */
export function noteUnhashed(input: ParsedInput, file: Blob): void {
  files.set(input, file);
}

/** Hashes the file of an input read without its hash, once; an input hashed already is left as it is. */
export function hashFileOf(input: ParsedInput): Promise<void> {
  if (isHashed(input)) return Promise.resolve();
  let done = hashing.get(input);
  if (!done) {
    const file = files.get(input);
    if (!file) return Promise.reject(new Error(`${input.name} was read without its hash and without its file`));
    hashing.set(input, (done = hashBlob(file).then((sha256) => setFileHash(input, sha256))));
  }
  return done;
}
