import { sha256 } from '@noble/hashes/sha2.js';

export function hex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}

/** SHA-256 of a Blob's bytes, read as a stream (Web Crypto cannot hash a stream). */
export async function hashBlob(blob: Blob): Promise<string> {
  const hash = sha256.create();
  const reader = blob.stream().getReader();
  for (let r = await reader.read(); !r.done; r = await reader.read()) hash.update(r.value);
  return hex(hash.digest());
}

/**
 * Hashes that another worker computes while this one parses: a file's hash
 * is awaited when its reading ends. A hash the other worker could not make
 * (null) is made here, from the file again.
 */
export class HashesFromElsewhere {
  private readonly waiting = new Map<number, { promise: Promise<string | null>; resolve: (sha256: string | null) => void }>();

  constructor(readonly indices: ReadonlySet<number>) {}

  private entry(index: number) {
    let e = this.waiting.get(index);
    if (!e) {
      let resolve!: (sha256: string | null) => void;
      const promise = new Promise<string | null>((r) => (resolve = r));
      this.waiting.set(index, (e = { promise, resolve }));
    }
    return e;
  }

  deliver(index: number, sha256: string | null): void {
    this.entry(index).resolve(sha256);
  }

  /** The hash of the file at `index`, or null when no other worker hashes it. */
  of(index: number, blob: Blob): (() => Promise<string>) | null {
    if (!this.indices.has(index)) return null;
    return async () => (await this.entry(index).promise) ?? hashBlob(blob);
  }
}
