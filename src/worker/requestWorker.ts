import { endWorker, startWorker, whenWorkerDies } from './client';

export interface RequestWorkerOptions<A> {
  /** The module to run; the analysis worker's unless another is named. */
  readonly url?: string;
  /** A worker left this long without a request is ended (its memory freed); the next request starts a fresh one. */
  readonly idleMs: number;
  /** What the worker is, for the message when it stops: "the export worker". */
  readonly name: string;
  /** Answers that say how a request goes rather than end it. */
  readonly isProgress?: (answer: A) => boolean;
}

interface Waiting<A> {
  readonly resolve: (answer: A) => void;
  readonly reject: (e: Error) => void;
  readonly progress?: (answer: A) => void;
}

/**
 * A worker for requests that stand alone, each answered by id: started by
 * the first request, ended when idle. Requests travel with all they need
 * (Blobs by reference), so the worker may be ended at any time; when it
 * dies, every request waiting fails with the reason and the next one starts
 * a fresh worker.
 */
export class RequestWorker<A extends { readonly id: number }> {
  private worker: Worker | null = null;
  private blobUrl: string | null = null;
  private next = 0;
  private readonly waiting = new Map<number, Waiting<A>>();
  private idle: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly options: RequestWorkerOptions<A>) {}

  /** Starts the worker ahead of a request that is likely to come, so that request does not wait for the start. */
  warm(): void {
    this.worker ??= this.spawn();
    if (this.waiting.size === 0) this.armIdle();
  }

  /** Sends the request made for a fresh id; resolves with its last answer, after handing each progress answer to `progress`. */
  request(make: (id: number) => object, progress?: (answer: A) => void, transfer: Transferable[] = []): Promise<A> {
    const worker = (this.worker ??= this.spawn());
    this.disarmIdle();
    const id = ++this.next;
    return new Promise<A>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject, progress });
      worker.postMessage(make(id), transfer);
    });
  }

  private spawn(): Worker {
    const { worker, blobUrl } = startWorker(this.options.url);
    this.blobUrl = blobUrl;
    worker.addEventListener('message', (event: MessageEvent<A>) => {
      const answer = event.data;
      const w = this.waiting.get(answer.id);
      if (!w) return;
      if (this.options.isProgress?.(answer)) {
        w.progress?.(answer);
        return;
      }
      this.waiting.delete(answer.id);
      w.resolve(answer);
      if (this.waiting.size === 0) this.armIdle();
    });
    const fail = (why: string) => {
      if (worker !== this.worker) return;
      const waiting = [...this.waiting.values()];
      this.waiting.clear();
      this.stop();
      for (const w of waiting) w.reject(new Error(`${this.options.name} stopped (${why})`));
    };
    whenWorkerDies(worker, fail);
    return worker;
  }

  private armIdle(): void {
    this.disarmIdle();
    this.idle = setTimeout(() => this.stop(), this.options.idleMs);
  }

  private disarmIdle(): void {
    if (this.idle !== null) clearTimeout(this.idle);
    this.idle = null;
  }

  private stop(): void {
    endWorker(this.worker, this.blobUrl);
    this.worker = null;
    this.blobUrl = null;
    this.disarmIdle();
  }
}
