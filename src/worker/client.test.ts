import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { analyzeInStages, type Analysis, type SessionAnalysis } from '../core/analyze';
import { analysisOf, O1 } from '../state/testAnalysis';
import { AnalysisClient, AnalysisError } from './client';
import { packAnalysis, packSessionsAhead, SESSIONS_PER_PART } from './packAnalysis';
import { FakeWorker, stubWorkers } from './fakeWorker';
import { hashFiles, stopHashing } from './hashClient';
import type { AnalyzeRequest, HashRequest } from './protocol';
import { STREAM_MIN_GZIP_BYTES } from './streamSizes';

const file = (name: string) => ({ name, blob: new Blob([new Uint8Array([1])]) });
const analysis = { inputs: [] } as unknown as Analysis;
const failure = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e as AnalysisError);

/** O1 as one file the page reads itself: its sessions packed to go ahead of the checks, and the rest of its analysis packed after them. */
async function sessionsSentAhead() {
  const lines = O1.map((r) => ({ ...r, session: 'o1' }));
  const whole = await analysisOf({ name: 'o1.jsonl', lines });
  const stages = analyzeInStages(whole.inputs);
  const elsewhere = new Map([[whole.inputs[0]!, { readOnPage: 0 }]]);
  const ahead = packSessionsAhead(stages, elsewhere)!;
  return { lines, whole, ahead, packed: packAnalysis(stages.finish(), elsewhere, ahead.parts.length).packed };
}

describe('the analysis client', () => {
  beforeEach(stubWorkers);
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('starts the worker from a blob: URL that imports the worker module, so the page policy covers it', async () => {
    const client = new AnalysisClient();
    const done = client.analyze([file('a.jsonl')], () => undefined);
    const worker = FakeWorker.all[0]!;
    expect(worker.url).toBe('blob:http://127.0.0.1:4317/w');
    const blob = vi.mocked(URL.createObjectURL).mock.calls[0]![0] as Blob;
    expect(await blob.text()).toMatch(/^import "http:\/\/127\.0\.0\.1:4317\/.*analysis\.worker.*";\n$/);
    worker.answer({ type: 'progress', id: 1, file: 'a.jsonl', message: 'Reading a.jsonl' });
    worker.answer({ type: 'done', id: 1, analysis, unreadable: [], millis: 1 });
    expect((await done).analysis).toBe(analysis);
    expect(client.busy).toBe(false);
  });

  it('warm starts the worker ahead of the first request, which then uses it', async () => {
    const client = new AnalysisClient();
    client.warm();
    client.warm();
    expect(FakeWorker.all).toHaveLength(1);
    const done = client.analyze([file('a.jsonl')], () => undefined);
    FakeWorker.all[0]!.answer({ type: 'done', id: 1, analysis, unreadable: [], millis: 1 });
    expect((await done).analysis).toBe(analysis);
    expect(FakeWorker.all).toHaveLength(1);
  });

  it('joins the session parts sent ahead of a packed analysis, and never parts sent for another request', async () => {
    const lines = Array.from({ length: SESSIONS_PER_PART + 5 }, (_, i) => ({ kind: 'input', id: `r${i}`, session: `s-${String(i).padStart(5, '0')}`, accept_seq: 1, op: 'allow' }));
    const whole = await analysisOf({ name: 'wide.jsonl', lines });
    const { packed, sessionParts } = packAnalysis(whole);
    expect(sessionParts).toHaveLength(2);
    const client = new AnalysisClient();
    const stale = failure(client.analyze([file('old.jsonl')], () => undefined));
    const done = client.analyze([file('wide.jsonl')], () => undefined);
    expect((await stale)?.kind).toBe('superseded');
    const worker = FakeWorker.all[0]!;
    // The superseded request's parts still arrive; they belong to it, not to the newer one.
    worker.answer({ type: 'sessions', id: 1, part: structuredClone(sessionParts[0]) });
    for (const part of sessionParts) worker.answer({ type: 'sessions', id: 2, part: structuredClone(part) });
    worker.answer({ type: 'done', id: 2, analysis: null, packed: structuredClone(packed), unreadable: [], millis: 1 });
    const back = (await done).analysis!;
    expect(back.sessions.map((s) => s.session)).toEqual(whole.sessions.map((s) => s.session));
    expect(back.sessions[SESSIONS_PER_PART + 4]!.records[0]).toBe(back.records[SESSIONS_PER_PART + 4]);
  });

  it('a packed answer cancelled while it is rebuilt stops at its next step, instead of rebuilding the rest for no one', async () => {
    const lines = Array.from({ length: SESSIONS_PER_PART * 3 }, (_, i) => ({ kind: 'input', id: `r${i}`, session: `s${i}`, op: 'allow', accept_seq: 1 }));
    const { packed, sessionParts } = packAnalysis(await analysisOf({ name: 'wide.jsonl', lines }));
    expect(sessionParts).toHaveLength(3);
    const client = new AnalysisClient();
    const unpacked = vi.spyOn(JSON, 'parse');
    const run = async (cancel: boolean) => {
      const pending = failure(client.analyze([file('wide.jsonl')], () => undefined));
      const worker = FakeWorker.all.at(-1)!;
      const id = (worker.sent.at(-1) as AnalyzeRequest).id;
      for (const part of sessionParts) worker.answer({ type: 'sessions', id, part: structuredClone(part) });
      unpacked.mockClear();
      worker.answer({ type: 'done', id, analysis: null, packed: structuredClone(packed), unreadable: [], millis: 1 });
      if (cancel) client.cancel();
      await pending;
      await new Promise((r) => setTimeout(r, 50));
      return unpacked.mock.calls.length;
    };
    const whole = await run(false);
    const dropped = await run(true);
    expect(whole).toBeGreaterThan(0);
    expect(dropped).toBeLessThan(whole);
  });

  it('reads a streamed file\'s records on the page from the same file, gzipped too, and joins them into the packed analysis', async () => {
    const lines = O1.map((r) => ({ ...r, session: 'o1' }));
    const whole = await analysisOf({ name: 'o1.jsonl', lines });
    const { packed } = packAnalysis(whole, new Map([[whole.inputs[0]!, { readOnPage: 0 }]]));
    expect(packed.recordsFrom).toEqual([{ readOnPage: 0 }]);
    const text = lines.map((l) => JSON.stringify(l)).join('\n') + '\n';
    const gzipped = await new Response(new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'))).blob();
    for (const blob of [new Blob([text]), gzipped]) {
      const client = new AnalysisClient();
      const done = client.analyze([{ name: 'o1.jsonl', blob }], () => undefined);
      const worker = FakeWorker.all.at(-1)!;
      worker.answer({ type: 'readOnPage', id: 1, position: 0, fileIndex: 0 });
      worker.answer({ type: 'done', id: 1, analysis: null, packed: structuredClone(packed), unreadable: [], millis: 1 });
      const back = (await done).analysis!;
      expect(back.records).toEqual(whole.records);
      expect(back.sessions[0]!.ordering.participants[0]).toBe(back.records[0]);
    }
  });

  it('rebuilds sessions sent ahead from the page\'s own records and hands them on before the rest comes; the analysis holds those same sessions', async () => {
    const { lines, whole, ahead, packed } = await sessionsSentAhead();
    expect(ahead.parts).toHaveLength(1);
    const handed: (readonly SessionAnalysis[])[] = [];
    const done = new AnalysisClient().analyze([{ name: 'o1.jsonl', blob: new Blob([lines.map((l) => JSON.stringify(l)).join('\n')]) }], () => undefined, 0, true, (sessions) =>
      handed.push(sessions),
    );
    const worker = FakeWorker.all[0]!;
    worker.answer({ type: 'readOnPage', id: 1, position: 0, fileIndex: 0 });
    worker.answer({ type: 'sessions', id: 1, part: structuredClone(ahead.parts[0]), ahead: ahead.header });
    await vi.waitFor(() => expect(handed).toHaveLength(1));
    expect(handed[0]![0]!.ordering.participants.map((r) => r.id)).toEqual(whole.sessions[0]!.ordering.participants.map((r) => r.id));
    worker.answer({ type: 'done', id: 1, analysis: null, packed: structuredClone(packed), unreadable: [], millis: 1 });
    const back = (await done).analysis!;
    expect(back.sessions[0]).toBe(handed[0]![0]);
    expect(back.sessions[0]!.records[0]).toBe(back.records[0]);
    expect(back.findings).toEqual(whole.findings);
    expect(back.sessions[0]!.cutoffIndex.seqSteps).toEqual(whole.sessions[0]!.cutoffIndex.seqSteps);
  });

  it('fails at the file, as without sessions sent ahead, when the page read another count of records than the worker', async () => {
    const { lines, ahead, packed } = await sessionsSentAhead();
    const handed = vi.fn();
    // One record short on the page, and no second try (the page reads nothing itself then): the load fails at the file.
    const done = new AnalysisClient().analyze([{ name: 'o1.jsonl', blob: new Blob([lines.slice(1).map((l) => JSON.stringify(l)).join('\n')]) }], () => undefined, 0, false, handed);
    const worker = FakeWorker.all[0]!;
    worker.answer({ type: 'readOnPage', id: 1, position: 0, fileIndex: 0 });
    worker.answer({ type: 'sessions', id: 1, part: structuredClone(ahead.parts[0]), ahead: ahead.header });
    worker.answer({ type: 'done', id: 1, analysis: null, packed: structuredClone(packed), unreadable: [], millis: 1 });
    const e = await failure(done);
    expect(e).toBeInstanceOf(AnalysisError);
    expect([e!.file, e!.kind]).toEqual(['o1.jsonl', 'failed']);
    expect(handed).not.toHaveBeenCalled();
  });

  it('says it is reading a file on the page when the analysis comes before the page has read it, rather than still sending', async () => {
    const lines = O1.map((r) => ({ ...r, session: 'o1' }));
    const whole = await analysisOf({ name: 'o1.jsonl', lines });
    const { packed } = packAnalysis(whole, new Map([[whole.inputs[0]!, { readOnPage: 0 }]]));
    const said: [string, string | null][] = [];
    const done = new AnalysisClient().analyze([{ name: 'o1.jsonl', blob: new Blob([lines.map((l) => JSON.stringify(l)).join('\n')]) }], (message, progress) =>
      said.push([message, progress?.phase ?? null]),
    );
    const worker = FakeWorker.all[0]!;
    const sending = { bytes: 1, total: 1, records: lines.length, etaMs: null, phase: 'sending' };
    worker.answer({ type: 'progress', id: 1, message: 'Sending the analysis of 2 records to the page', progress: sending });
    worker.answer({ type: 'readOnPage', id: 1, position: 0, fileIndex: 0 });
    worker.answer({ type: 'done', id: 1, analysis: null, packed: structuredClone(packed), unreadable: [], millis: 1 });
    expect(said).toEqual([
      ['Sending the analysis of 2 records to the page', 'sending'],
      ['Reading the records of o1.jsonl on the page', 'sending'],
    ]);
    expect((await done).analysis!.records).toEqual(whole.records);
  });

  it('asks the worker again for every record packed when the page read a file otherwise or could not read it, and shows the worker\'s', async () => {
    const lines = O1.map((r) => ({ ...r, session: 'o1' }));
    const whole = await analysisOf({ name: 'o1.jsonl', lines });
    const leftToPage = packAnalysis(whole, new Map([[whole.inputs[0]!, { readOnPage: 0 }]])).packed;
    const allPacked = packAnalysis(whole).packed;
    const unreadable = { size: 9, slice: () => ({ arrayBuffer: () => Promise.reject(new Error('NotReadableError')) }) } as unknown as Blob;
    // One record short of what the worker read, and a file the page cannot read at all: neither may be shown as the file.
    for (const blob of [new Blob([lines.slice(1).map((l) => JSON.stringify(l)).join('\n')]), unreadable]) {
      FakeWorker.all = [];
      const done = new AnalysisClient().analyze([{ name: 'o1.jsonl', blob }], () => undefined);
      const worker = FakeWorker.all[0]!;
      worker.answer({ type: 'readOnPage', id: 1, position: 0, fileIndex: 0 });
      worker.answer({ type: 'done', id: 1, analysis: null, packed: structuredClone(leftToPage), unreadable: [], millis: 1 });
      await vi.waitFor(() => expect(worker.sent).toHaveLength(2));
      expect(worker.sent.map((r) => (r as AnalyzeRequest).readOnPage)).toEqual([true, false]);
      worker.answer({ type: 'done', id: 2, analysis: null, packed: structuredClone(allPacked), unreadable: [], millis: 1 });
      expect((await done).analysis!.records).toEqual(whole.records);
    }
  });

  it('fails the load at the file when the page cannot read it even with the worker sending every record', async () => {
    const done = new AnalysisClient().analyze([{ name: 'gone.jsonl', blob: new Blob(['']) }], () => undefined, 0, false);
    const worker = FakeWorker.all[0]!;
    expect((worker.sent[0] as AnalyzeRequest).readOnPage).toBe(false);
    const whole = await analysisOf({ name: 'gone.jsonl', lines: O1 });
    worker.answer({ type: 'readOnPage', id: 1, position: 0, fileIndex: 0 });
    worker.answer({ type: 'done', id: 1, analysis: null, packed: structuredClone(packAnalysis(whole, new Map([[whole.inputs[0]!, { readOnPage: 0 }]])).packed), unreadable: [], millis: 1 });
    const e = await failure(done);
    expect([e?.file, e?.kind, e?.message]).toEqual(['gone.jsonl', 'failed', `the page could not read this file itself (it read 0 records where the worker read ${O1.length})`]);
    expect(worker.sent).toHaveLength(1);
  });

  it('a newer request supersedes the older one at once, and the older answer is dropped', async () => {
    const client = new AnalysisClient();
    const first = failure(client.analyze([file('a')], () => undefined));
    const second = client.analyze([file('a'), file('b')], () => undefined);
    expect((await first)?.kind).toBe('superseded');
    const worker = FakeWorker.all[0]!;
    worker.answer({ type: 'done', id: 1, analysis: {} as Analysis, unreadable: [], millis: 1 });
    worker.answer({ type: 'done', id: 2, analysis, unreadable: [], millis: 1 });
    expect((await second).analysis).toBe(analysis);
    expect(FakeWorker.all).toHaveLength(1);
  });

  it('a superseded request stops listening to the worker at once: the worker may never answer it, and its listener holds what it was given', async () => {
    const listening = new Set<unknown>();
    const add = EventTarget.prototype.addEventListener;
    const remove = EventTarget.prototype.removeEventListener;
    vi.spyOn(EventTarget.prototype, 'addEventListener').mockImplementation(function (this: EventTarget, type, listener, options) {
      if (type === 'message') listening.add(listener);
      add.call(this, type, listener, options);
    });
    vi.spyOn(EventTarget.prototype, 'removeEventListener').mockImplementation(function (this: EventTarget, type, listener, options) {
      if (type === 'message') listening.delete(listener);
      remove.call(this, type, listener, options);
    });
    const client = new AnalysisClient();
    const superseded = [0, 1, 2].map((k) => failure(client.analyze([file(`f${k}`)], () => undefined)));
    const last = client.analyze([file('last')], () => undefined);
    expect((await Promise.all(superseded)).map((e) => e?.kind)).toEqual(['superseded', 'superseded', 'superseded']);
    expect(listening.size).toBe(1);
    // The worker drops a superseded request without a word: only the newest one's answer comes.
    FakeWorker.all[0]!.answer({ type: 'done', id: 4, analysis, unreadable: [], millis: 1 });
    expect((await last).analysis).toBe(analysis);
    expect(listening.size).toBe(0);
  });

  it('cancel ends the worker and the request; the next request starts a fresh worker', async () => {
    const client = new AnalysisClient();
    const pending = failure(client.analyze([file('big')], () => undefined));
    expect(client.cancel()).toBe(true);
    expect((await pending)?.kind).toBe('cancelled');
    expect(FakeWorker.all[0]!.terminated).toBe(true);
    expect(URL.revokeObjectURL).toHaveBeenCalled();
    expect(client.cancel()).toBe(false);
    const next = client.analyze([file('small')], () => undefined);
    expect(FakeWorker.all).toHaveLength(2);
    FakeWorker.all[1]!.answer({ type: 'done', id: 2, analysis, unreadable: [], millis: 1 });
    expect((await next).analysis).toBe(analysis);
  });

  it('a worker that dies rejects the request in flight, naming the file it was reading, and is replaced', async () => {
    const client = new AnalysisClient();
    const pending = failure(client.analyze([file('a.jsonl'), file('b.jsonl')], () => undefined));
    const worker = FakeWorker.all[0]!;
    worker.answer({ type: 'progress', id: 1, file: 'b.jsonl', message: 'Reading b.jsonl (2 of 2)' });
    worker.crash('Uncaught RangeError: Maximum call stack size exceeded');
    const error = await pending;
    expect(error?.kind).toBe('crashed');
    expect(error?.message).toBe('The reader stopped unexpectedly while reading b.jsonl (Uncaught RangeError: Maximum call stack size exceeded)');
    expect(worker.terminated).toBe(true);
    void client.analyze([file('c')], () => undefined);
    expect(FakeWorker.all).toHaveLength(2);
  });

  it('an answer that cannot be received is a dead worker too', async () => {
    const client = new AnalysisClient();
    const pending = failure(client.analyze([file('a')], () => undefined));
    FakeWorker.all[0]!.dispatchEvent(new Event('messageerror'));
    expect((await pending)?.message).toBe('The reader stopped unexpectedly (its answer could not be received)');
  });

  it('a reader error is a located failure, not a crash, and the worker stays', async () => {
    const client = new AnalysisClient();
    const pending = failure(client.analyze([file('a.gz')], () => undefined));
    FakeWorker.all[0]!.answer({ type: 'error', id: 1, file: 'a.gz', message: 'looks like gzip but cannot be decompressed' });
    const error = await pending;
    expect([error?.kind, error?.file, error?.message]).toEqual(['failed', 'a.gz', 'looks like gzip but cannot be decompressed']);
    expect(FakeWorker.all[0]!.terminated).toBe(false);
  });

  it('forget (Close all) tells an idle worker to let go of the files it keeps, and keeps it started; a load starts no worker but the reader', async () => {
    const big = { name: 'a.jsonl.gz', key: 'a', blob: new Blob([new Uint8Array(STREAM_MIN_GZIP_BYTES)]) };
    const client = new AnalysisClient();
    const load = async () => {
      const before = FakeWorker.all.length;
      const pending = client.analyze([big], () => undefined);
      const reader = FakeWorker.all[0]!;
      const id = (reader.sent.at(-1) as AnalyzeRequest).id;
      reader.answer({ type: 'done', id, analysis, unreadable: [], already: [], millis: 1 });
      await pending;
      return FakeWorker.all.length - before;
    };
    expect(await load()).toBe(1);
    expect(await load()).toBe(0);
    client.forget();
    const reader = FakeWorker.all[0]!;
    expect(reader.sent.at(-1)).toEqual({ type: 'forget' });
    expect(reader.terminated).toBe(false);
    expect(await load()).toBe(0);
  });

  it('forget in the middle of a request ends it and its worker, as cancel does', async () => {
    const client = new AnalysisClient();
    const pending = failure(client.analyze([file('big')], () => undefined));
    client.forget();
    expect((await pending)?.kind).toBe('cancelled');
    expect(FakeWorker.all[0]!.terminated).toBe(true);
    expect(FakeWorker.all[0]!.sent.some((m) => (m as { type: string }).type === 'forget')).toBe(false);
  });

  it('tells the reader the hashes the page has made, by position, and hashes each file once, in a worker ended when it is done', async () => {
    const [a, b] = [file('a.jsonl'), file('b.jsonl')];
    const hashing = hashFiles([a.blob, b.blob, a.blob]);
    const hasher = FakeWorker.all[0]!;
    const asked = hasher.sent[0] as HashRequest;
    expect(asked.files.map((f) => f.blob)).toEqual([a.blob, b.blob]);
    // Asked again while it works, the same file is not sent to another worker.
    const again = hashFiles([b.blob]);
    expect(FakeWorker.all).toHaveLength(1);
    hasher.answer({ type: 'hashed', id: asked.id, index: 0, sha256: 'a'.repeat(64) });
    expect(hasher.terminated).toBe(false);
    hasher.answer({ type: 'hashed', id: asked.id, index: 1, sha256: null });
    expect(await hashing).toEqual(['a'.repeat(64), null, 'a'.repeat(64)]);
    expect(await again).toEqual([null]);
    expect(hasher.terminated).toBe(true);
    const client = new AnalysisClient();
    const pending = client.analyze([b, a], () => undefined);
    const sent = FakeWorker.all[1]!.sent[0] as AnalyzeRequest;
    // A file that could not be hashed is not taken for hashed.
    expect(sent.hashes).toEqual([null, 'a'.repeat(64)]);
    FakeWorker.all[1]!.answer({ type: 'done', id: sent.id, analysis, unreadable: [], already: [], millis: 1 });
    await pending;
  });

  it('Close all ends the hashing workers still running, their files unhashed', async () => {
    const [d, e] = [file('d.jsonl'), file('e.jsonl')];
    const first = hashFiles([d.blob]);
    const second = hashFiles([e.blob]);
    stopHashing();
    expect(await Promise.all([first, second])).toEqual([[null], [null]]);
    expect(FakeWorker.all.map((w) => w.terminated)).toEqual([true, true]);
    // Hashed again, the file is the new worker's: a late answer of the one stopped changes nothing.
    stopHashing();
    const again = hashFiles([d.blob]);
    expect(FakeWorker.all).toHaveLength(3);
    FakeWorker.all[0]!.answer({ type: 'hashed', id: (FakeWorker.all[0]!.sent[0] as HashRequest).id, index: 0, sha256: '0'.repeat(64) });
    const asked = FakeWorker.all[2]!.sent[0] as HashRequest;
    FakeWorker.all[2]!.answer({ type: 'hashed', id: asked.id, index: 0, sha256: 'd'.repeat(64) });
    expect(await again).toEqual(['d'.repeat(64)]);
  });

  it('a hashing worker that dies leaves its files unhashed, to be asked again', async () => {
    const c = file('c.jsonl');
    const hashing = hashFiles([c.blob]);
    FakeWorker.all[0]!.crash('out of memory');
    expect(await hashing).toEqual([null]);
    expect(FakeWorker.all[0]!.terminated).toBe(true);
    const retry = hashFiles([c.blob]);
    expect(FakeWorker.all).toHaveLength(2);
    const asked = FakeWorker.all[1]!.sent[0] as HashRequest;
    FakeWorker.all[1]!.answer({ type: 'hashed', id: asked.id, index: 0, sha256: 'c'.repeat(64) });
    expect(await retry).toEqual(['c'.repeat(64)]);
  });

  it('a packed answer is rebuilt before it is delivered, and a request cancelled meanwhile is not delivered', async () => {
    const real = await analysisOf({ name: 'o1.jsonl', lines: O1 });
    const { packed } = packAnalysis(real);
    const client = new AnalysisClient();
    const done = client.analyze([file('o1.jsonl')], () => undefined);
    FakeWorker.all[0]!.answer({ type: 'done', id: 1, analysis: null, packed, unreadable: [], millis: 1 });
    expect(client.busy).toBe(true);
    const { analysis: back } = await done;
    expect(back?.records.map((r) => r.id)).toEqual(['m2', 'm1']);
    expect(back?.sessions[0]!.records[0]).toBe(back?.records[0]);
    expect(client.busy).toBe(false);

    const cancelled = failure(client.analyze([file('o1.jsonl')], () => undefined));
    FakeWorker.all[0]!.answer({ type: 'done', id: 2, analysis: null, packed, unreadable: [], millis: 1 });
    client.cancel();
    expect((await cancelled)?.kind).toBe('cancelled');
  });
});
