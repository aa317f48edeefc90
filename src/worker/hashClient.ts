import { endWorker, startWorker } from './client';
import type { HashedMessage, HashRequest, SourceFile, WorkerResponse } from './protocol';
import { STREAM_MIN_GZIP_BYTES } from './streamSizes';

export interface HashingBeside {
  /** Positions of the files being hashed (the analysing worker waits for these and hashes no other way). */
  readonly indices: readonly number[];
  readonly stop: () => void;
}

/**
 * A second worker that hashes the request's large files the first is to read
 * while it parses them (the machine has another core; the first would
 * otherwise spend a fifth of its reading on SHA-256). Files the first keeps
 * read (`kept`) are not hashed: closing one of many files would hash all the
 * others again, for nothing. Each hash is handed on as it comes; if the
 * second worker fails, the first is told to hash the rest itself.
 */
export function hashBeside(files: readonly SourceFile[], kept: (file: SourceFile) => boolean, id: number, deliver: (m: HashedMessage) => void): HashingBeside {
  const todo = files.flatMap((f, index) => (f.blob.size >= STREAM_MIN_GZIP_BYTES && !kept(f) ? [{ index, blob: f.blob }] : []));
  if (todo.length === 0) return { indices: [], stop: () => undefined };
  const { worker, blobUrl } = startWorker();
  const left = new Set(todo.map((t) => t.index));
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    endWorker(worker, blobUrl);
  };
  const fail = () => {
    for (const index of left) deliver({ type: 'hashed', id, index, sha256: null });
    left.clear();
    stop();
  };
  worker.addEventListener('message', (e: MessageEvent<WorkerResponse>) => {
    const msg = e.data;
    if (msg.type !== 'hashed' || msg.id !== id) return;
    left.delete(msg.index);
    deliver(msg);
    if (left.size === 0) stop();
  });
  worker.addEventListener('error', (e) => {
    e.preventDefault();
    fail();
  });
  worker.addEventListener('messageerror', fail);
  const request: HashRequest = { type: 'hash', id, files: todo };
  worker.postMessage(request);
  return { indices: todo.map((t) => t.index), stop };
}
