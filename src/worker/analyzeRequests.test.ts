/** The worker's analyze requests, driven as the worker's scope drives them: what one request leaves to the next. */
import { beforeEach, describe, expect, it } from 'vitest';
import { analyzeRequests } from './analyzeRequests';
import { chosen, type Chosen } from './test/chosenFiles';
import type { AnalyzeRequest, SourceFile, WorkerResponse } from './protocol';
import { forgetSources } from './readSources';
import { readKeyOf } from './readKey';

/** Whole reads of each file's bytes, by key. */
const reads = new Map<string, number>();

/** A Blob that counts its whole reads; `held`, a read that fails only when told to (`reading` says it began). */
class CountedBlob extends Blob {
  private begun: (fail: (e: Error) => void) => void = () => undefined;
  readonly reading = new Promise<(e: Error) => void>((resolve) => (this.begun = resolve));
  constructor(
    bytes: Uint8Array,
    private readonly key: string,
    private readonly held = false,
  ) {
    super([bytes as Uint8Array<ArrayBuffer>]);
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    reads.set(this.key, (reads.get(this.key) ?? 0) + 1);
    if (!this.held) return super.arrayBuffer();
    return new Promise((_, reject) => this.begun(reject));
  }
}

const source = (f: Chosen): SourceFile => ({ name: f.name, key: f.key, blob: new CountedBlob(f.bytes, f.key) });

let id = 0;
const request = (files: readonly SourceFile[]): AnalyzeRequest => ({ type: 'analyze', id: ++id, files });

beforeEach(() => {
  forgetSources();
  reads.clear();
});

describe('analyze requests', () => {
  it('a superseded request that then fails (its file changed on disk) leaves the newer request the files it keeps read', async () => {
    const answers: WorkerResponse[] = [];
    const requests = analyzeRequests((m) => answers.push(m));
    const [a, b, x] = ['a', 'b', 'x'].map(chosen) as [Chosen, Chosen, Chosen];
    await requests.analyze(request([source(a), source(b)]));
    const failing = new CountedBlob(x.bytes, x.key, true);
    const superseded = requests.analyze(request([source(a), source(b), { name: x.name, key: x.key, blob: failing }]));
    const fail = await failing.reading;
    await requests.analyze(request([source(b), source(a)]));
    fail(new DOMException('The requested file could not be read', 'NotReadableError'));
    await superseded;
    await requests.analyze(request([source(a), source(b)]));
    expect(Object.fromEntries(reads)).toEqual({ a: 1, b: 1, x: 1 });
    expect(answers.filter((m) => m.type === 'error')).toEqual([]);
    expect(answers.filter((m) => m.type === 'done').map((m) => m.id)).toEqual([id - 3, id - 1, id]);
  });

  it('forget lets go of the files kept read: the next request reads them again, and a request still reading keeps none', async () => {
    const answers: WorkerResponse[] = [];
    const requests = analyzeRequests((m) => answers.push(m));
    const [a, b] = ['a', 'b'].map(chosen) as [Chosen, Chosen];
    await requests.analyze(request([source(a), source(b)]));
    await requests.analyze(request([source(a), source(b)]));
    expect(Object.fromEntries(reads)).toEqual({ a: 1, b: 1 });
    requests.forget();
    await requests.analyze(request([source(a), source(b)]));
    expect(Object.fromEntries(reads)).toEqual({ a: 2, b: 2 });
    const reading = requests.analyze(request([source(a), source(b), source(chosen('c'))]));
    requests.forget();
    await reading;
    await requests.analyze(request([source(a)]));
    // The request forgotten while reading stopped before c, and kept nothing: a is read again.
    expect(Object.fromEntries(reads)).toEqual({ a: 3, b: 2 });
    expect(answers.filter((m) => m.type === 'error')).toEqual([]);
  });
});

describe('sessions sent ahead of the checks', () => {
  it('go ahead, with where the page has the records, only when the page has every input\'s records; the answer counts them', async () => {
    const answers: WorkerResponse[] = [];
    const requests = analyzeRequests((m) => answers.push(m));
    const [a, b] = ['a', 'b'].map(chosen) as [Chosen, Chosen];
    const files = [source(a), source(b)];
    await requests.analyze(request(files));
    expect(answers.filter((m) => m.type === 'sessions')).toEqual([]);
    answers.length = 0;
    // The page holds both files' records from that answer: the sessions go first, the answer after them names their parts.
    await requests.analyze({ ...request(files), held: files.map((f) => readKeyOf(f)!) });
    expect(answers.map((m) => m.type).filter((t) => t !== 'progress')).toEqual(['sessions', 'done']);
    const ahead = answers.find((m) => m.type === 'sessions');
    expect(ahead?.type === 'sessions' && ahead.ahead).toEqual({ recordsFrom: [{ held: 0 }, { held: 1 }], inputCounts: [4, 4], parts: 1 });
    const done = answers.find((m) => m.type === 'done');
    expect(done?.type === 'done' && done.packed?.sessionParts).toBe(1);
  });
});
