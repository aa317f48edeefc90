import { RequestWorker } from '../worker/requestWorker';
import type { ExportRequest, ExportResponse } from './exportProtocol';
import exportWorkerUrl from './export.worker.ts?worker&url';

/** The export worker holds the open files' records; left idle this long, it is ended and its memory freed. */
const IDLE_MS = 30_000;

export type ExportOrder = Omit<ExportRequest, 'type' | 'id'>;

/** Findings, reports and bundles made in the export worker (see export.worker.ts), so the page's thread only saves them. */
export class ExportClient {
  private readonly worker = new RequestWorker<ExportResponse>({
    url: exportWorkerUrl,
    idleMs: IDLE_MS,
    name: 'the export worker',
    isProgress: (a) => a.type === 'progress',
  });

  /** Starts the worker when an export is likely (the menu opened), so a small export does not wait for it. */
  warm(): void {
    this.worker.warm();
  }

  /** The file's UTF-8 bytes; `progress` hears where the worker stands. */
  async make(order: ExportOrder, progress: (message: string) => void): Promise<Uint8Array> {
    const answer = await this.worker.request(
      (id): ExportRequest => ({ type: 'export', id, ...order }),
      (a) => {
        if (a.type === 'progress') progress(a.message);
      },
    );
    if (answer.type === 'exported') return answer.bytes;
    throw new Error(answer.type === 'error' ? answer.message : `the export worker answered ${answer.type}`);
  }
}
