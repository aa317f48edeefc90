import type { RawRequest, WorkerResponse } from './protocol';
import { RequestWorker } from './requestWorker';

/** A reader left idle this long is ended; the next read starts a fresh one. */
const IDLE_MS = 3000;

/**
 * Reads raw lines of streamed inputs back from their content, in a worker of
 * its own (the same module), so a load in flight neither delays nor cancels
 * it. The content Blob travels with each request (by reference, not copied),
 * so the reader keeps no state and may be ended at any time.
 */
export class RawLineReader {
  private readonly worker = new RequestWorker<WorkerResponse>({ idleMs: IDLE_MS, name: 'the raw line reader' });

  async read(content: Blob, spans: readonly number[]): Promise<readonly string[]> {
    const answer = await this.worker.request((id): RawRequest => ({ type: 'raw', id, content, spans }));
    if (answer.type === 'raw') return answer.texts;
    throw new Error(answer.type === 'error' ? answer.message : `the raw line reader answered ${answer.type}`);
  }
}
