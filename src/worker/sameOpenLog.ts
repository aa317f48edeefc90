import type { ParsedInput } from '../core/model';
import { UnreadableInputError } from '../io/loadInput';
import { contentKey, contentLength, sameLog, type SameLog } from '../io/sameLog';
import { hashBlob } from './hashFiles';
import { hashFileOf } from './unhashedFiles';

/** Content hashes made here, by input: an input kept for later requests is not hashed again. */
const hashed = new WeakMap<ParsedInput, Promise<string>>();

/**
 * The SHA-256 of an input's content: a file's own hash, made now if it was
 * read without it. A gzip streamed by the page keeps its content as a Blob
 * without hashing it, and that Blob is hashed now, as a stream: Web Crypto
 * would want it whole, a copy of up to 500 MiB.
 */
async function keyOf(input: ParsedInput): Promise<string | null> {
  const blob = input.streamed?.content;
  if (input.contentBytes === undefined) await hashFileOf(input);
  const known = contentKey(input);
  if (known !== null || !blob) return known;
  let sha256 = hashed.get(input);
  if (!sha256) hashed.set(input, (sha256 = hashBlob(blob, 0)));
  return sha256;
}

/**
 * The file being read names itself when it cannot be read again to be
 * hashed; a kept file that cannot (changed or gone since it was read) is
 * the same as nothing: the file being read is kept beside it, as no hash
 * says they are one log.
 */
async function keysOf<T>(input: ParsedInput, kept: readonly ParsedInput[], key: (i: ParsedInput) => Promise<T>): Promise<Map<ParsedInput, T>> {
  const [own, ...theirs] = await Promise.allSettled([input, ...kept].map(key));
  if (own!.status === 'rejected') {
    const why = own!.reason instanceof Error ? own!.reason.message : String(own!.reason);
    throw new UnreadableInputError(input.name, `it could not be read again, to tell whether it is a file already open (${why})`);
  }
  const keys = new Map<ParsedInput, T>([[input, own!.value]]);
  theirs.forEach((r, k) => r.status === 'fulfilled' && keys.set(kept[k]!, r.value));
  return keys;
}

/**
 * The input kept before that is the same log as `input` (io/sameLog.ts), for
 * the page. Two inputs can be the same file only when they are as long, and
 * hold the same content only when it is as long in both, so a file streamed
 * without its hash, or a streamed gzip's content, is hashed only when a kept
 * input is exactly as long: almost every load would otherwise pay for the
 * hash before its view (a second of a million-record load), or for a
 * gzip's content in JavaScript (2.3 s for a 100 MB gzip of 461 MiB).
 */
export async function sameOpenLog(kept: readonly ParsedInput[], input: ParsedInput): Promise<SameLog<ParsedInput> | null> {
  // The same file needs no hash of its content.
  const twins = kept.filter((k) => k.bytes === input.bytes);
  if (twins.length > 0) {
    // A twin left unhashed keeps its empty hash, which matches no hashed file.
    await keysOf(input, twins, hashFileOf);
    const twin = sameLog(twins, input, () => null);
    if (twin) return twin;
  }
  const peers = kept.filter((k) => contentLength(k) === contentLength(input));
  if (peers.length === 0) return null;
  const keys = await keysOf(input, peers, keyOf);
  return sameLog(peers, input, (i) => keys.get(i) ?? null);
}
