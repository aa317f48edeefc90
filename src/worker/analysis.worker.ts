/// <reference lib="webworker" />
import { analyzeRequests } from './analyzeRequests';
import { hashBlob } from './hashFiles';
import type { HashRequest, RawRequest, WorkerRequest, WorkerResponse } from './protocol';
import { readSpans } from './rawRead';

// Parsing and analysis stay off the main thread so a million-line file never freezes the page.
const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (message: WorkerResponse, transfer: Transferable[] = []) => scope.postMessage(message, transfer);

const analyses = analyzeRequests(post);

async function rawRequest({ id, content, spans }: RawRequest): Promise<void> {
  try {
    post({ type: 'raw', id, texts: await readSpans(content, spans) });
  } catch (e) {
    post({ type: 'error', id, file: null, message: e instanceof Error ? e.message : String(e) });
  }
}

/** As the hashing worker: hash each file and say so, one message per file (null for a file that could not be read again). */
async function hashRequest({ id, files }: HashRequest): Promise<void> {
  for (const { index, blob } of files) post({ type: 'hashed', id, index, sha256: await hashBlob(blob).catch(() => null) });
}

scope.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const request = event.data;
  if (request.type === 'raw') void rawRequest(request);
  else if (request.type === 'hash') void hashRequest(request);
  else if (request.type === 'forget') analyses.forget();
  else void analyses.analyze(request);
};
