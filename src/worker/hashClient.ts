import { endWorker, startWorker } from './client';
import type { HashRequest, WorkerResponse } from './protocol';

/** What the page has hashed, by Blob: a file kept open while another is added, or opened again, is not hashed twice. */
const known = new WeakMap<Blob, string>();
const hashing = new WeakMap<Blob, Promise<string | null>>();
let requests = 0;
/** Ends each hashing worker still running, its files left unhashed. */
const running = new Set<() => void>();

/** The SHA-256 of a file the page has hashed already, else null. */
export const knownHashOf = (blob: Blob): string | null => known.get(blob) ?? null;

/** A file the page hashed another way (a link's files are hashed to be matched before they are read): the reader need not hash it. */
export function rememberHash(blob: Blob, sha256: string): void {
  known.set(blob, sha256);
}

/**
 * The SHA-256 of each file, or null for one that could not be read again
 * (changed on disk since it was picked). The files not hashed yet go to a
 * worker started for them and ended once they are done: the page asks once
 * a view is shown, when the reader has nothing left to do, because hashing
 * a file while it was read took about a second of a million-record load on
 * two cores (the second read of the file, not the digest).
 */
export function hashFiles(blobs: readonly Blob[]): Promise<(string | null)[]> {
  const todo = [...new Set(blobs.filter((b) => !known.has(b) && !hashing.has(b)))];
  if (todo.length > 0) hashInWorker(todo);
  return Promise.all(blobs.map((b) => known.get(b) ?? hashing.get(b)!));
}

/**
 * Close all: the files being hashed are let go, and so is the copy of each
 * (up to 256 MiB) their worker holds while it hashes; they are hashed again
 * if they are opened again.
 */
export function stopHashing(): void {
  for (const stop of [...running]) stop();
}

function hashInWorker(blobs: readonly Blob[]): void {
  const id = ++requests;
  const waiting = blobs.map((blob) => {
    let resolve!: (sha256: string | null) => void;
    const promise = new Promise<string | null>((r) => (resolve = r));
    hashing.set(blob, promise);
    return { blob, promise, resolve, done: false };
  });
  let left = waiting.length;
  const { worker, blobUrl } = startWorker();
  const settle = (index: number, sha256: string | null) => {
    const w = waiting[index];
    if (!w || w.done) return;
    w.done = true;
    // A file hashed again after this worker was stopped is another worker's now.
    if (hashing.get(w.blob) === w.promise) hashing.delete(w.blob);
    if (sha256 !== null) known.set(w.blob, sha256);
    w.resolve(sha256);
    if (--left > 0) return;
    running.delete(fail);
    endWorker(worker, blobUrl);
  };
  const fail = () => waiting.forEach((_, index) => settle(index, null));
  running.add(fail);
  worker.addEventListener('message', (e: MessageEvent<WorkerResponse>) => {
    if (e.data.type === 'hashed' && e.data.id === id) settle(e.data.index, e.data.sha256);
  });
  worker.addEventListener('error', (e) => {
    e.preventDefault();
    fail();
  });
  worker.addEventListener('messageerror', fail);
  const request: HashRequest = { type: 'hash', id, files: blobs.map((blob, index) => ({ index, blob })) };
  worker.postMessage(request);
}
