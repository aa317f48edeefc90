import type { Analysis, SessionAnalysis } from '../core/analyze';
import type { AlreadyOpen, AnalyzeRequest, ForgetRequest, LoadProgress, SessionsAheadHeader, SourceFile, Unreadable, WorkerResponse } from './protocol';
import workerUrl from './analysis.worker.ts?worker&url';
import { HeldInputs } from './heldInputs';
import { knownHashOf } from './hashClient';
import { readKeyOf } from './readKey';
import { nextTask } from './nextTask';
import { unpackAnalysis, unpackSessions, type RebuiltAhead } from './packAnalysis';
import { isHeld, joinRecords, PageReadError, type OnPage, type RecordsElsewhere } from './pageRecords';
import { pageReader, PageReads } from './pageReads';
import { trustedWorkerUrl } from './trustedWorkerUrl';

/** Why a request did not produce an analysis: the reader said so, it stopped, the user cancelled, or a newer request replaced it. */
export type FailureKind = 'failed' | 'crashed' | 'cancelled' | 'superseded';

export class AnalysisError extends Error {
  constructor(
    readonly file: string | null,
    message: string,
    readonly kind: FailureKind = 'failed',
  ) {
    super(message);
  }
}

/** Thrown into a packed answer's rebuild once its request is superseded or cancelled; never reaches a caller. */
class DroppedRebuild extends Error {}

/**
 * Starts the worker from a blob: URL whose one line imports the real module.
 * A worker loaded from its own http URL is governed only by that response's
 * headers (none, on a static host), not by the page's Content-Security-Policy
 * meta tag; a worker from a blob: URL inherits the page's policy, so its
 * requests are held to `connect-src 'self'` like the page's own. `url`: the
 * module to start, the analysis worker's unless another is named.
 */
export function startWorker(url: string = workerUrl): { worker: Worker; blobUrl: string } {
  const source = `import ${JSON.stringify(new URL(url, location.href).href)};\n`;
  const blobUrl = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
  return { worker: new Worker(trustedWorkerUrl(blobUrl), { type: 'module' }), blobUrl };
}

/** Calls `died` with the reason when the worker stops on an uncaught error, or sends an answer that cannot be received. */
export function whenWorkerDies(worker: Worker, died: (why: string) => void): void {
  worker.addEventListener('error', (e) => {
    e.preventDefault();
    died(e.message || 'the worker could not run');
  });
  worker.addEventListener('messageerror', () => died('its answer could not be received'));
}

/** Ends a worker started by startWorker and frees its blob: URL. */
export function endWorker(worker: Worker | null, blobUrl: string | null): void {
  worker?.terminate();
  if (blobUrl) URL.revokeObjectURL(blobUrl);
}

interface Pending {
  readonly id: number;
  readonly reject: (e: AnalysisError) => void;
  /**
   * Stops listening to the worker for this request. The worker drops a
   * superseded request without a word, so a listener waiting for its next
   * message stayed for the worker's life, holding the records read for
   * it and the inputs held for it (megabytes of text) after the files closed.
   */
  stopListening?: () => void;
  /** The file the worker said it was reading last. */
  file: string | null;
}

/**
 * The page's only way to parse: files go to the worker, the analysis comes
 * back by structured clone (which keeps the shared record objects shared, so
 * the Sets and Maps inside the analysis still work). A newer request makes an
 * older answer irrelevant, so only the latest is delivered. A worker that
 * dies (an uncaught error, an answer that cannot be received) or is cancelled
 * is ended and forgotten; the next request starts a fresh one.
 */
export class AnalysisClient {
  private worker: Worker | null = null;
  private blobUrl: string | null = null;
  private latest = 0;
  private pending: Pending | null = null;
  /** The inputs of the last analysis delivered, so the worker need not send again the records and text of the files it keeps. */
  private readonly held = new HeldInputs();

  /**
   * `open`: how many of `files` are open already; when every other one repeats
   * an earlier file (same SHA-256), the answer has no analysis.
   */
  analyze(
    files: readonly SourceFile[],
    onProgress: (message: string, progress: LoadProgress | null) => void,
    open = 0,
    /** False: the page reads no file itself (after such a read failed, ReadOnPageMessage). */
    readOnPage = true,
    /** Given the sessions of the analysis as soon as they are rebuilt, when they come ahead of the rest (SessionsAhead). */
    onSessionsAhead: (sessions: readonly SessionAnalysis[]) => void = () => undefined,
  ): Promise<{ analysis: Analysis | null; unreadable: readonly Unreadable[]; already: readonly AlreadyOpen[] }> {
    const worker = (this.worker ??= this.spawn());
    const id = ++this.latest;
    this.settle(new AnalysisError(null, 'superseded', 'superseded'));
    return new Promise((resolve, reject) => {
      const pending: Pending = { id, reject, file: null };
      this.pending = pending;
      const held = this.held.take();
      const sessionParts: unknown[] = [];
      // Superseded or cancelled meanwhile, the page's reading and rebuilding stop at their next step instead of going on to an answer no one takes.
      const stepUnlessDropped = async () => {
        await nextTask();
        if (this.pending !== pending) throw new DroppedRebuild();
      };
      const pageReads = new PageReads(files, stepUnlessDropped);
      const heldAt = (position: number) => held.get(readKeyOf(files[position]!) ?? '');
      // What the page has of the inputs whose records did not cross, once it has read its own copies of them.
      const onPageFor = async (recordsFrom: readonly (RecordsElsewhere | null)[], inputCounts: readonly number[]): Promise<OnPage> => {
        const read = await pageReads.recordsFor(recordsFrom, inputCounts);
        return { records: (from) => (isHeld(from) ? heldAt(from.held)?.records : read.get(from.readOnPage)), heldInput: heldAt };
      };
      let ahead: SessionsAheadHeader | undefined;
      // Sessions sent ahead, rebuilt from the page's own records while the worker runs the checks; awaited with the rest.
      let rebuiltAhead: Promise<{ onPage: OnPage; rebuilt: RebuiltAhead }> | null = null;
      const rebuildAhead = async (from: SessionsAheadHeader) => {
        const onPage = await onPageFor(from.recordsFrom, from.inputCounts);
        const records = await joinRecords(from.recordsFrom, from.inputCounts, [], onPage.records, stepUnlessDropped);
        const sessions = await unpackSessions(sessionParts, records, stepUnlessDropped);
        onSessionsAhead(sessions);
        return { onPage, rebuilt: { records, sessions } };
      };
      let lastProgress: LoadProgress | null = null;
      const onMessage = (event: MessageEvent<WorkerResponse>) => {
        const msg = event.data;
        if (msg.id !== id) return;
        if (msg.type === 'progress') {
          lastProgress = msg.progress ?? null;
          if (msg.file !== undefined) pending.file = msg.file;
          onProgress(msg.message, msg.progress ?? null);
          return;
        }
        if (msg.type === 'readOnPage') {
          pageReads.start(msg.position, msg.fileIndex);
          return;
        }
        if (msg.type === 'sessions') {
          sessionParts.push(msg.part);
          ahead ??= msg.ahead;
          if (ahead && sessionParts.length === ahead.parts) {
            rebuiltAhead = rebuildAhead(ahead);
            // Its failure, if any, is the answer's, taken when the answer comes (or not at all, if it never does).
            rebuiltAhead.catch(() => undefined);
          }
          return;
        }
        if (msg.type === 'raw' || msg.type === 'hashed') return;
        worker.removeEventListener('message', onMessage);
        if (msg.type === 'error') {
          this.pending = null;
          reject(new AnalysisError(msg.file, msg.message));
          return;
        }
        const left = new Set([...msg.unreadable, ...(msg.already ?? [])].map((f) => f.index));
        // The files analysed, in the order of the analysis' inputs.
        const keys = files.flatMap((f, i) => (left.has(i) ? [] : [readKeyOf(f)]));
        // A packed analysis is rebuilt a chunk at a time; the request stays pending (cancellable, supersedable) meanwhile.
        const finish = (analysis: Analysis | null) => {
          if (this.pending !== pending) return;
          this.pending = null;
          if (analysis) this.held.keep(keys, analysis);
          resolve({ analysis, unreadable: msg.unreadable, already: msg.already ?? [] });
        };
        if (!msg.packed) return finish(msg.analysis);
        const packed = msg.packed;
        // The analysis has come while the page still reads its own copy of a file's records: the status line says so, not that it is sending.
        const reading = pageReads.stillReading(packed.recordsFrom);
        if (reading.length > 0) onProgress(`Reading the records of ${reading.join(', ')} on the page`, lastProgress);
        const unpacked = rebuiltAhead
          ? rebuiltAhead.then(({ onPage, rebuilt }) => unpackAnalysis(packed, stepUnlessDropped, onPage, sessionParts, rebuilt))
          : onPageFor(packed.recordsFrom, packed.inputCounts).then((onPage) => unpackAnalysis(packed, stepUnlessDropped, onPage, sessionParts));
        unpacked
          .then(finish, (e: unknown) => {
            if (this.pending !== pending) return;
            this.pending = null;
            // The worker has every record: asked again, with the page reading nothing itself, it sends them packed.
            if (e instanceof PageReadError && readOnPage) this.analyze(files, onProgress, open, false, onSessionsAhead).then(resolve, reject);
            else if (e instanceof PageReadError) reject(new AnalysisError(e.file, e.message));
            else reject(new AnalysisError(null, `The reader's answer could not be unpacked (${e instanceof Error ? e.message : String(e)})`, 'crashed'));
          });
      };
      worker.addEventListener('message', onMessage);
      pending.stopListening = () => worker.removeEventListener('message', onMessage);
      const request: AnalyzeRequest = { type: 'analyze', id, files, open, hashes: files.map((f) => knownHashOf(f.blob)), held: [...held.keys()], readOnPage };
      worker.postMessage(request);
    });
  }

  /**
   * Starts the worker ahead of the first request: loading and compiling its
   * module takes about a tenth of a second, which a user choosing a file
   * would otherwise wait for.
   */
  warm(): void {
    this.worker ??= this.spawn();
    pageReader().catch(() => undefined);
  }

  /** Whether a request is in flight. */
  get busy(): boolean {
    return this.pending !== null;
  }

  /**
   * Close all: nothing of the files is kept, on the page or in the worker. The worker kept a
   * million-record file's parse in its memory until the next load; an idle one is told to let go
   * and stays started for the next load, one in the middle of a request is ended.
   */
  forget(): void {
    this.held.forget();
    if (this.cancel()) return;
    this.worker?.postMessage({ type: 'forget' } satisfies ForgetRequest);
  }

  /** Stops the request in flight, whatever the worker is doing: the worker is ended, and the next request starts a fresh one. */
  cancel(): boolean {
    if (!this.pending) return false;
    this.stop();
    this.settle(new AnalysisError(null, 'cancelled', 'cancelled'));
    return true;
  }

  private spawn(): Worker {
    const { worker, blobUrl } = startWorker();
    this.blobUrl = blobUrl;
    const died = (why: string) => {
      if (worker !== this.worker) return;
      const file = this.pending?.file ?? null;
      this.stop();
      this.settle(new AnalysisError(null, `The reader stopped unexpectedly${file ? ` while reading ${file}` : ''} (${why})`, 'crashed'));
    };
    whenWorkerDies(worker, died);
    return worker;
  }

  private stop(): void {
    endWorker(this.worker, this.blobUrl);
    this.worker = null;
    this.blobUrl = null;
  }

  private settle(error: AnalysisError): void {
    const p = this.pending;
    this.pending = null;
    p?.stopListening?.();
    p?.reject(error);
  }
}
