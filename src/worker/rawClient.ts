import type { RawRequest, WorkerResponse } from './protocol';
import { endWorker, startWorker } from './client';

/** A reader left idle this long is ended; the next read starts a fresh one. */
const IDLE_MS = 3000;

/**
 * Reads raw lines of streamed inputs back from their content, in a worker of
 * its own (the same module), so a load in flight neither delays nor cancels
 * it. The content Blob travels with each request (by reference, not copied),
 * so the reader keeps no state and may be ended at any time.
 */
export class RawLineReader {
  private worker: Worker | null = null;
  private blobUrl: string | null = null;
  private next = 0;
  private readonly waiting = new Map<number, { resolve: (texts: readonly string[]) => void; reject: (e: Error) => void }>();
  private idle: ReturnType<typeof setTimeout> | null = null;

  read(content: Blob, spans: readonly number[]): Promise<readonly string[]> {
    const worker = this.worker ?? this.spawn();
    if (this.idle !== null) clearTimeout(this.idle);
    this.idle = null;
    const id = ++this.next;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      const request: RawRequest = { type: 'raw', id, content, spans };
      worker.postMessage(request);
    });
  }

  private spawn(): Worker {
    const { worker, blobUrl } = startWorker();
    this.worker = worker;
    this.blobUrl = blobUrl;
    worker.addEventListener('message', (event: MessageEvent<WorkerResponse>) => {
      const msg = event.data;
      const w = this.waiting.get(msg.id);
      if (!w) return;
      this.waiting.delete(msg.id);
      if (msg.type === 'raw') w.resolve(msg.texts);
      else if (msg.type === 'error') w.reject(new Error(msg.message));
      if (this.waiting.size === 0) this.idle = setTimeout(() => this.stop(), IDLE_MS);
    });
    const fail = (why: string) => {
      for (const w of this.waiting.values()) w.reject(new Error(why));
      this.waiting.clear();
      this.stop();
    };
    worker.addEventListener('error', (e) => {
      e.preventDefault();
      fail(e.message || 'the raw line reader stopped');
    });
    worker.addEventListener('messageerror', () => fail('an answer of the raw line reader could not be received'));
    return worker;
  }

  private stop(): void {
    endWorker(this.worker, this.blobUrl);
    this.worker = null;
    this.blobUrl = null;
    if (this.idle !== null) clearTimeout(this.idle);
    this.idle = null;
  }
}
