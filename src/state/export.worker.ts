/// <reference lib="webworker" />
import type { ExportRequest, ExportResponse } from './exportProtocol';
import { answerExport } from './exportRun';

// Exports get a worker of their own rather than a message to the analysis worker: they need the notes and
// bundle code of src/state, which the analysis worker (below it) must not import, and a load, a cancel or a
// crash of the analysis worker must not take an export with it. The price is parsing the open files once more
// here, off the page's thread; they are kept until the worker is ended, so exports in a row parse them once.
const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (message: ExportResponse, transfer: Transferable[] = []) => scope.postMessage(message, transfer);

// One export at a time: each clears the raw lines it read, which another one in flight might still need.
let queue = Promise.resolve();

scope.onmessage = (event: MessageEvent<ExportRequest>) => {
  const request = event.data;
  queue = queue.then(() => answerExport(request, post));
};
