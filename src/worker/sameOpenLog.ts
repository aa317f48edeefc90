import type { ParsedInput } from '../core/model';
import { contentKey, contentLength, sameLog, type SameLog } from '../io/sameLog';
import { hashBlob } from './hashFiles';

/** Content hashes made here, by input: an input kept for later requests is not hashed again. */
const hashed = new WeakMap<ParsedInput, Promise<string>>();

/**
 * The SHA-256 of an input's content. A gzip streamed by the page keeps its
 * content as a Blob without hashing it, and that Blob is hashed now, as a
 * stream: Web Crypto would want it whole, a copy of up to 500 MiB.
 */
function keyOf(input: ParsedInput): Promise<string> | string | null {
  const known = contentKey(input);
  const blob = input.streamed?.content;
  if (known !== null || !blob) return known;
  let sha256 = hashed.get(input);
  if (!sha256) hashed.set(input, (sha256 = hashBlob(blob, 0)));
  return sha256;
}

/**
 * The input kept before that is the same log as `input` (io/sameLog.ts), for
 * the page. Two inputs can hold the same content only when it is as long in
 * both, so a streamed gzip's content is hashed only when a kept input's
 * content is exactly as long: in JavaScript, as the page must hash a stream,
 * it would cost 2.3 s for a 100 MB gzip of 461 MiB, a quarter of its read,
 * and almost every load would pay it for nothing.
 */
export async function sameOpenLog(kept: readonly ParsedInput[], input: ParsedInput): Promise<SameLog<ParsedInput> | null> {
  // The same file needs no hash of its content.
  if (kept.some((k) => k.sha256 === input.sha256)) return sameLog(kept, input);
  const peers = kept.filter((k) => contentLength(k) === contentLength(input));
  if (peers.length === 0) return null;
  const keys = new Map(await Promise.all([input, ...peers].map(async (i) => [i, await keyOf(i)] as const)));
  return sameLog(peers, input, (i) => keys.get(i) ?? null);
}
