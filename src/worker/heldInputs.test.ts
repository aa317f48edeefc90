/**
 * The page keeps the records of the files it holds between requests: closing, adding or moving files sends
 * and rebuilds only the records of files the worker reads anew. The worker's code runs here, beside the
 * page's client, behind a stand-in for the Worker that copies every message as a real one would.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Analysis } from '../core/analyze';
import type { SeqRecord } from '../core/model';
import { analyzeRequests as analyzeRequestsHere } from './analyzeRequests';
import { AnalysisClient } from './client';
import { stubWorkers } from './fakeWorker';
import { hashBlob } from './hashFiles';
import type { SourceFile, WorkerRequest, WorkerResponse } from './protocol';
import { forgetSources } from './readSources';
import { STREAM_MIN_GZIP_BYTES } from './streamSizes';
import { chosen, streamedGzip, type Chosen } from './test/chosenFiles';

/** What crossed from the worker to the page: records in packed columns, files the page was told to read itself, characters of the inputs' text, and rejected lines. */
const crossed = { packed: 0, readOnPage: 0, text: 0, rejected: 0 };

const textOf = (skeleton: unknown) => (skeleton as { inputs: { text: string }[] }).inputs.reduce((n, input) => n + input.text.length, 0);

/** A Worker running the worker's analyze requests in this thread; `requests` is the module those come from. */
class BridgeWorker extends EventTarget {
  static requests = analyzeRequestsHere;
  private ended = false;
  private readonly answers = BridgeWorker.requests((message: WorkerResponse, transfer: Transferable[] = []) => {
    // An ended worker runs no further: its request stops at the next thing it says.
    if (this.ended) throw new Error('ended');
    if (message.type === 'done' && message.packed) {
      crossed.packed += message.packed.count;
      crossed.text += textOf(message.packed.skeleton);
      crossed.rejected += message.packed.rejected.reduce((n, r) => n + r.lines.length, 0);
    }
    if (message.type === 'readOnPage') crossed.readOnPage += 1;
    const copy = structuredClone(message, { transfer });
    setTimeout(() => this.dispatchEvent(new MessageEvent('message', { data: copy })));
  });
  postMessage(request: WorkerRequest): void {
    if (request.type === 'analyze') void this.answers.analyze(request).catch(() => undefined);
    else if (request.type === 'hash') void this.hash(request.id, request.files);
  }
  private async hash(id: number, files: readonly { index: number; blob: Blob }[]): Promise<void> {
    for (const { index, blob } of files) {
      const sha256 = await hashBlob(blob);
      setTimeout(() => this.dispatchEvent(new MessageEvent('message', { data: { type: 'hashed', id, index, sha256 } })));
    }
  }
  terminate(): void {
    // A worker ended takes what it kept with it; the next one starts with nothing.
    this.ended = true;
    if (BridgeWorker.requests === analyzeRequestsHere) forgetSources();
  }
}

/** The files as the page sends them: one Blob per chosen file, kept across requests as the page keeps its sources. */
const sources = new Map<string, SourceFile>();
const request = (files: readonly Chosen[]): SourceFile[] =>
  files.map((f) => sources.get(f.key) ?? sources.set(f.key, { name: f.name, key: f.key, blob: new Blob([f.bytes as Uint8Array<ArrayBuffer>]) }).get(f.key)!);

async function load(client: AnalysisClient, files: readonly Chosen[]): Promise<Analysis> {
  const { analysis } = await client.analyze(request(files), () => undefined);
  return analysis!;
}

/** The same files loaded afresh: a new page client and a worker of its own, of a module that has kept nothing. */
async function fresh(files: readonly Chosen[]): Promise<Analysis> {
  vi.resetModules();
  const [{ analyzeRequests }, { AnalysisClient: FreshClient }] = await Promise.all([import('./analyzeRequests'), import('./client')]);
  BridgeWorker.requests = analyzeRequests;
  try {
    const { analysis } = await new FreshClient().analyze(files.map((f) => ({ name: f.name, key: `fresh-${f.key}`, blob: new Blob([f.bytes as Uint8Array<ArrayBuffer>]) })), () => undefined);
    return analysis!;
  } finally {
    BridgeWorker.requests = analyzeRequestsHere;
  }
}

/**
 * How the records of `now` came to the page, against those of the analysis before: the same objects (`same`),
 * copies at a new input position with the same parsed fields (`moved`), or built from what crossed (`built`).
 */
function provenance(now: Analysis, before: Analysis | null) {
  const old = new Set<SeqRecord>(before?.records ?? []);
  const oldData = new Set(before?.records.map((r) => r.data) ?? []);
  const out = { same: 0, moved: 0, built: 0 };
  for (const r of now.records) {
    if (old.has(r)) out.same++;
    else if (oldData.has(r.data)) out.moved++;
    else out.built++;
  }
  return out;
}

/** What the page shows of each record: where it is and which input it names. */
const places = (a: Analysis) => a.records.map((r) => `${a.inputs[r.fileIndex]!.name}:${r.line} ${r.id}`);

const [a, b, c, d, e] = ['a', 'b', 'c', 'd', 'e'].map(chosen) as [Chosen, Chosen, Chosen, Chosen, Chosen];

beforeEach(() => {
  stubWorkers();
  vi.stubGlobal('Worker', BridgeWorker);
  forgetSources();
  sources.clear();
  crossed.packed = 0;
  crossed.readOnPage = 0;
  crossed.text = 0;
  crossed.rejected = 0;
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('records the page holds from an earlier answer', () => {
  it('adding, closing and moving files sends and rebuilds only the records of files read anew, and each analysis is a fresh one', async () => {
    const client = new AnalysisClient();
    const steps: { files: Chosen[]; sent: number; same: number; moved: number; built: number }[] = [
      { files: [a, b, c], sent: 12, same: 0, moved: 0, built: 12 },
      // Added at the end: the open files' records stay where they were.
      { files: [a, b, c, d], sent: 4, same: 12, moved: 0, built: 4 },
      // The first closed: every other file moves up.
      { files: [b, c, d], sent: 0, same: 0, moved: 12, built: 0 },
      // One in the middle closed: the first stays, the last moves up.
      { files: [b, d], sent: 0, same: 4, moved: 4, built: 0 },
      // Moved, and one added between them.
      { files: [d, e, b], sent: 4, same: 0, moved: 8, built: 4 },
      // Closed and opened again: read again, its records sent again.
      { files: [d, e, b, a], sent: 4, same: 12, moved: 0, built: 4 },
    ];
    let before: Analysis | null = null;
    for (const step of steps) {
      const label = step.files.map((f) => f.key).join(',');
      crossed.packed = 0;
      crossed.text = 0;
      const now = await load(client, step.files);
      expect(crossed.packed, label).toBe(step.sent);
      // The text of only the files read anew crosses too.
      const anew = step.files.filter((f) => !before?.inputs.some((i) => i.name === f.name));
      expect(crossed.text, label).toBe(anew.reduce((n, f) => n + f.bytes.length, 0));
      expect(provenance(now, before), label).toEqual({ same: step.same, moved: step.moved, built: step.built });
      const expected = await fresh(step.files);
      expect(now, label).toEqual(expected);
      expect(places(now), label).toEqual(places(expected));
      expect(now.findings.length, label).toBeGreaterThan(0);
      before = now;
    }
  });

  it('leaves the analysis shown before as it was: its records keep their places', async () => {
    const client = new AnalysisClient();
    const first = await load(client, [a, b, c]);
    const shown = places(first);
    const indices = first.records.map((r) => r.fileIndex);
    const next = await load(client, [c, b]);
    expect(provenance(next, first)).toEqual({ same: 4, moved: 4, built: 0 });
    expect(places(first)).toEqual(shown);
    expect(first.records.map((r) => r.fileIndex)).toEqual(indices);
    // Records at their place are shared; a list the earlier analysis holds (and caches key) never is.
    const alone = await load(client, [c]);
    expect(provenance(alone, next)).toEqual({ same: 4, moved: 0, built: 0 });
    expect([next.records, ...next.inputs.map((i) => i.records)]).not.toContain(alone.records);
    expect([next.records, ...next.inputs.map((i) => i.records)]).not.toContain(alone.inputs[0]!.records);
  });

  it('once the page has let the analysis go, it holds nothing: every record crosses again', async () => {
    const client = new AnalysisClient();
    await load(client, [a, b]);
    vi.stubGlobal('WeakRef', class { deref = () => undefined; });
    const first = await load(client, [a, b, c]);
    crossed.packed = 0;
    const next = await load(client, [b, c]);
    expect(crossed.packed).toBe(8);
    expect(provenance(next, first)).toEqual({ same: 0, moved: 0, built: 8 });
  });

  it('a worker that starts afresh (the load before was cancelled) keeps nothing read: every record crosses again', async () => {
    const client = new AnalysisClient();
    const first = await load(client, [a, b]);
    const cancelled = client.analyze(request([a, b, c]), () => undefined).catch(() => null);
    client.cancel();
    await cancelled;
    crossed.packed = 0;
    const next = await load(client, [b, a]);
    expect(crossed.packed).toBe(8);
    expect(provenance(next, first)).toEqual({ same: 0, moved: 0, built: 8 });
    expect(next).toEqual(await fresh([b, a]));
  });

  it('a streamed file is read on the page once: kept, its records neither cross nor are read again when another file closes', async () => {
    const big = streamedGzip('big');
    expect(big.bytes.length).toBeGreaterThanOrEqual(STREAM_MIN_GZIP_BYTES);
    const client = new AnalysisClient();
    const first = await load(client, [a, big]);
    expect(crossed).toEqual({ packed: 4, readOnPage: 1, text: a.bytes.length, rejected: 0 });
    crossed.packed = 0;
    crossed.readOnPage = 0;
    crossed.text = 0;
    const next = await load(client, [big, b]);
    expect(crossed).toEqual({ packed: 4, readOnPage: 0, text: b.bytes.length, rejected: 0 });
    expect(provenance(next, first)).toEqual({ same: 0, moved: 40_000, built: 4 });
    const expected = await fresh([big, b]);
    expect(next).toEqual(expected);
    expect(places(next)).toEqual(places(expected));
  });

  it('a held file\'s rejected lines do not cross again when another file closes; the page keeps its own', async () => {
    const lines = ['{"kind":"input","id":"x","session":"s-bad","op":"allow","accept_seq":1}', 'not json', '{"kind":', '[1,2]'];
    const bad: Chosen = { key: 'bad', name: 'bad.jsonl', bytes: new TextEncoder().encode(lines.join('\n') + '\n') };
    const client = new AnalysisClient();
    const first = await load(client, [a, bad]);
    expect(crossed.rejected).toBe(3);
    crossed.rejected = 0;
    const next = await load(client, [bad]);
    expect(crossed.rejected).toBe(0);
    expect(next.inputs[0]!.rejected).toBe(first.inputs[1]!.rejected);
    expect(next).toEqual(await fresh([bad]));
  });
});
