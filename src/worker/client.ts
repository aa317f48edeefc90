import type { Analysis } from '../core/analyze';
import type { AnalyzeRequest, SourceFile, Unreadable, WorkerResponse } from './protocol';

export class AnalysisError extends Error {
  constructor(
    readonly file: string | null,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The page's only way to parse: files go to the worker, the analysis comes
 * back by structured clone (which keeps the shared record objects shared, so
 * the Sets and Maps inside the analysis still work). A newer request makes an
 * older answer irrelevant, so only the latest is delivered.
 */
export class AnalysisClient {
  private worker: Worker | null = null;
  private latest = 0;

  analyze(files: readonly SourceFile[], onProgress: (message: string) => void): Promise<{ analysis: Analysis; unreadable: readonly Unreadable[] }> {
    const worker = (this.worker ??= new Worker(new URL('./analysis.worker.ts', import.meta.url), { type: 'module' }));
    const id = ++this.latest;
    return new Promise((resolve, reject) => {
      const onMessage = (event: MessageEvent<WorkerResponse>) => {
        const msg = event.data;
        if (msg.id !== id) return;
        if (id !== this.latest) {
          worker.removeEventListener('message', onMessage);
          reject(new AnalysisError(null, 'superseded'));
          return;
        }
        if (msg.type === 'progress') onProgress(msg.message);
        else {
          worker.removeEventListener('message', onMessage);
          if (msg.type === 'done') resolve({ analysis: msg.analysis, unreadable: msg.unreadable });
          else reject(new AnalysisError(msg.file, msg.message));
        }
      };
      worker.addEventListener('message', onMessage);
      const request: AnalyzeRequest = { type: 'analyze', id, files };
      worker.postMessage(request);
    });
  }
}
