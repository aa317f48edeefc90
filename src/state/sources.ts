import { sha256Hex } from '../io/sha256';
import { rememberHash } from '../worker/hashClient';
import type { SourceFile } from '../worker/protocol';

let counter = 0;

/** A file to read, by name and Blob (a picked File stays on disk until the worker streams it); its key lets the worker keep what it read. */
export function sourceOf(name: string, blob: Blob): SourceFile {
  return { name, blob, key: `source-${++counter}` };
}

/** Bytes already in memory (a sample, pasted text) as a source. */
export function sourceFromBytes(name: string, bytes: Uint8Array): SourceFile {
  return sourceOf(name, new Blob([bytes as Uint8Array<ArrayBuffer>]));
}

/** The whole file as bytes, for the few paths that need them at once (a bundle, a hash check for a link). */
export async function sourceBytes(source: SourceFile): Promise<Uint8Array> {
  return new Uint8Array(await source.blob.arrayBuffer());
}

const hashes = new WeakMap<Blob, Promise<string>>();

/** SHA-256 of a source's bytes, computed once per Blob (Web Crypto), and told to the reader so a large file is not hashed again after its view. */
export function sourceSha256(source: SourceFile): Promise<string> {
  let h = hashes.get(source.blob);
  if (!h) {
    h = sourceBytes(source).then(sha256Hex);
    hashes.set(source.blob, h);
    void h.then((sha256) => rememberHash(source.blob, sha256), () => undefined);
  }
  return h;
}

/** The first bytes of a source, to recognise what it is without reading all of it. */
export async function sourceHead(source: SourceFile, length: number): Promise<Uint8Array> {
  return new Uint8Array(await source.blob.slice(0, length).arrayBuffer());
}
