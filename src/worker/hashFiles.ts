import { sha256 } from '@noble/hashes/sha2.js';

export function hex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}

/**
 * Files up to this size are hashed whole by Web Crypto: native SHA-256 is
 * about six times faster than hashing in JavaScript (0.12 s against 0.68 s
 * for 129 MB here), and on a two-core machine the time saved goes to the
 * reader and the page. The cost is a copy of the file outside the
 * JavaScript heap for as long as the hash takes; larger files stream.
 */
export const WHOLE_DIGEST_MAX_BYTES = 256 * 1024 * 1024;

/** SHA-256 of a Blob's bytes: whole by Web Crypto when it is available and the file not too large, else read as a stream (Web Crypto cannot hash a stream). */
export async function hashBlob(blob: Blob, wholeMaxBytes = WHOLE_DIGEST_MAX_BYTES): Promise<string> {
  const subtle = globalThis.crypto?.subtle as SubtleCrypto | undefined;
  if (subtle && blob.size <= wholeMaxBytes) {
    try {
      return hex(new Uint8Array(await subtle.digest('SHA-256', await blob.arrayBuffer())));
    } catch {
      // Out of memory for the copy, or a context without it: stream instead.
    }
  }
  const hash = sha256.create();
  const reader = blob.stream().getReader();
  for (let r = await reader.read(); !r.done; r = await reader.read()) hash.update(r.value);
  return hex(hash.digest());
}
