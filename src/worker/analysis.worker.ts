/// <reference lib="webworker" />
import { analyze, type Analysis } from '../core/analyze';
import type { ParsedInput } from '../core/model';
import { packAnalysis } from './packAnalysis';
import { hashBlob, HashesFromElsewhere } from './hashFiles';
import type { AnalyzeRequest, HashRequest, LoadProgress, RawRequest, WorkerRequest, WorkerResponse } from './protocol';
import { readSpans } from './rawRead';
import { forgetSources, readSources, unreadableFailure } from './readSources';

// Parsing and analysis stay off the main thread so a million-line file never freezes the page.
const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (message: WorkerResponse, transfer: Transferable[] = []) => scope.postMessage(message, transfer);

/** Hashes for the analyze request in flight, handed on by the page from a second worker. */
let hashes: { readonly id: number; readonly from: HashesFromElsewhere } | null = null;

/** The newest analyze request: the page has stopped waiting for any older one. */
let latest = 0;

/** Thrown into an older request's reading when a newer one arrives, so the two do not share the machine. */
class Superseded extends Error {}

async function analyzeRequest({ id, files, open = 0, hashedElsewhere = [] }: AnalyzeRequest): Promise<void> {
  latest = id;
  // An older request waiting for a hash from the worker the page has now ended would wait for ever.
  hashes?.from.abandon(new Superseded());
  const from = new HashesFromElsewhere(new Set(hashedElsewhere));
  hashes = { id, from };
  const stillWanted = () => {
    if (id !== latest) throw new Superseded();
  };
  const started = performance.now();
  let current: string | null = null;
  let message = '';
  try {
    const { inputs, unreadable, already, added, handedOn } = await readSources(files, open, {
      reading: (file, index) => {
        current = file;
        message = `Reading ${file} (${index + 1} of ${files.length})`;
      },
      progress: (progress) => {
        stillWanted();
        post({ type: 'progress', id, file: current, message, progress });
      },
      hashes: from,
      recordLines: (position, fileIndex, chunk) => {
        stillWanted();
        post({ type: 'records', id, position, fileIndex, chunk }, [chunk.line.buffer, chunk.offset.buffer, chunk.length.buffer] as ArrayBuffer[]);
      },
    });
    stillWanted();
    current = null;
    const failure = inputs.length === 0 ? unreadableFailure(unreadable) : null;
    if (failure) {
      post({ type: 'error', id, ...failure });
      return;
    }
    if (!added && open > 0 && already.length > 0 && unreadable.length === 0) {
      post({ type: 'done', id, analysis: null, unreadable, already, millis: performance.now() - started });
      return;
    }
    const records = inputs.reduce((n, i) => n + i.records.length, 0);
    const total = files.reduce((n, f) => n + f.blob.size, 0);
    const progress: LoadProgress = { bytes: total, total, records, etaMs: null, phase: 'analysing' };
    post({ type: 'progress', id, file: null, message: `Analysing ${records.toLocaleString('en-US')} records`, progress });
    const analysis = analyze(inputs);
    post({ type: 'progress', id, file: null, message: `Sending the analysis of ${records.toLocaleString('en-US')} records to the page`, progress: { ...progress, phase: 'sending' } });
    const packed = pack(analysis, handedOn);
    for (const part of packed?.sessionParts ?? []) post({ type: 'sessions', id, part });
    if (packed) post({ type: 'done', id, analysis: null, packed: packed.packed, unreadable, already, millis: performance.now() - started }, packed.transfer);
    else post({ type: 'done', id, analysis, unreadable, already, millis: performance.now() - started });
  } catch (e) {
    // The newer request reads on; the inputs kept from earlier requests stay for it.
    if (e instanceof Superseded) return;
    forgetSources();
    post({ type: 'error', id, file: current, message: e instanceof Error ? e.message : String(e) });
  }
}

/** The analysis packed for the page; null (a plain structured clone then) if it holds something the packing does not expect. */
function pack(analysis: Analysis, handedOn: ReadonlyMap<ParsedInput, number>): ReturnType<typeof packAnalysis> | null {
  try {
    return packAnalysis(analysis, handedOn);
  } catch {
    return null;
  }
}

async function rawRequest({ id, content, spans }: RawRequest): Promise<void> {
  try {
    post({ type: 'raw', id, texts: await readSpans(content, spans) });
  } catch (e) {
    post({ type: 'error', id, file: null, message: e instanceof Error ? e.message : String(e) });
  }
}

/** As the second worker: hash each file as a stream and say so, one message per file. */
async function hashRequest({ id, files }: HashRequest): Promise<void> {
  for (const { index, blob } of files) post({ type: 'hashed', id, index, sha256: await hashBlob(blob) });
}

scope.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const request = event.data;
  if (request.type === 'raw') void rawRequest(request);
  else if (request.type === 'hash') void hashRequest(request);
  else if (request.type === 'hashed') {
    if (hashes?.id === request.id) hashes.from.deliver(request.index, request.sha256);
  } else void analyzeRequest(request);
};
