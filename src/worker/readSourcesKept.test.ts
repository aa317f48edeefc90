/** The worker keeps what it read of each file by the file, not by its place: closing, moving or adding files reads only what is new. */
import { beforeEach, describe, expect, it } from 'vitest';
import { analyze, type Analysis } from '../core/analyze';
import type { ParsedInput } from '../core/model';
import { loadInput } from '../io/loadInput';
import type { SourceFile } from './protocol';
import { forgetSources, readSources, type ReadHooks } from './readSources';
import { STREAM_MIN_GZIP_BYTES } from './streamSizes';
import { chosen, streamedGzip, type Chosen } from './test/chosenFiles';

/** Whole reads of each file's bytes, by key: a file read again is parsed again. */
const reads = new Map<string, number>();

/** A Blob that counts its whole reads under `key` (a 2-byte sniff is a slice, not counted). */
class CountedBlob extends Blob {
  constructor(
    bytes: Uint8Array,
    private readonly key: string,
  ) {
    super([bytes as Uint8Array<ArrayBuffer>]);
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    reads.set(this.key, (reads.get(this.key) ?? 0) + 1);
    return super.arrayBuffer();
  }
  override stream(): ReadableStream<Uint8Array<ArrayBuffer>> {
    reads.set(this.key, (reads.get(this.key) ?? 0) + 1);
    return super.stream();
  }
}

/** The files as one request sends them: a new Blob of the same bytes each time (the worker gets a copy of each message). */
const request = (files: readonly Chosen[]): SourceFile[] => files.map((f) => ({ name: f.name, key: f.key, blob: new CountedBlob(f.bytes, f.key) }));

const hooks: ReadHooks = { reading: () => undefined, progress: () => undefined };

async function analysed(files: readonly Chosen[], with_: ReadHooks = hooks): Promise<{ inputs: ParsedInput[]; analysis: Analysis }> {
  const { inputs } = await readSources(request(files), 0, with_);
  return { inputs, analysis: analyze(inputs) };
}

/** A fresh analysis of the files, read by the loader the CLI shares, nothing kept. */
async function fresh(files: readonly Chosen[]): Promise<Analysis> {
  return analyze(await Promise.all(files.map((f, i) => loadInput(f.name, f.bytes, i))));
}

/** What the page shows of a record: where it is and which input it names. */
const places = (a: Analysis) => a.records.map((r) => ({ fileIndex: r.fileIndex, file: a.inputs[r.fileIndex]!.name, line: r.line, offset: r.offset, id: r.id }));

const readCounts = () => Object.fromEntries([...reads].sort(([a], [b]) => a.localeCompare(b)));

const [a, b, c, d, e, f] = ['a', 'b', 'c', 'd', 'e', 'f'].map(chosen) as [Chosen, Chosen, Chosen, Chosen, Chosen, Chosen];

beforeEach(() => {
  forgetSources();
  reads.clear();
});

describe('inputs kept between requests', () => {
  it('closing the first of five files reads none of the others again, and the analysis is that of the four read afresh', async () => {
    await analysed([a, b, c, d, e]);
    const { analysis } = await analysed([b, c, d, e]);
    expect(readCounts()).toEqual({ a: 1, b: 1, c: 1, d: 1, e: 1 });
    const expected = await fresh([b, c, d, e]);
    expect(analysis).toEqual(expected);
    expect(places(analysis)).toEqual(places(expected));
    expect(analysis.records.filter((r) => r.fileIndex === 0).map((r) => r.id)).toEqual(['b-2', 'b-1', 'b.jsonl:3', 'shared-b']);
    expect(analysis.findings.length).toBeGreaterThan(0);
    expect(analysis.findings).toEqual(expected.findings);
  });

  it('moving, adding, closing and adding back: only a file not kept is read, and each analysis is a fresh one', async () => {
    const steps: { files: Chosen[]; read: Record<string, number> }[] = [
      { files: [a, b, c], read: { a: 1, b: 1, c: 1 } },
      { files: [c, a, b], read: { a: 1, b: 1, c: 1 } },
      { files: [c, a, b, d], read: { a: 1, b: 1, c: 1, d: 1 } },
      { files: [a, b, d], read: { a: 1, b: 1, c: 1, d: 1 } },
      { files: [d, b, a, c], read: { a: 1, b: 1, c: 2, d: 1 } },
      { files: [e, d, b, a, c, f], read: { a: 1, b: 1, c: 2, d: 1, e: 1, f: 1 } },
    ];
    for (const step of steps) {
      const { analysis } = await analysed(step.files);
      expect(readCounts(), step.files.map((x) => x.key).join(',')).toEqual(step.read);
      expect(analysis).toEqual(await fresh(step.files));
    }
  });

  it('a file whose name the page numbered apart is read again under its new name, so its unnamed records are named by it', async () => {
    const first = { ...chosen('x'), name: 'log.jsonl' };
    const second = { ...chosen('y'), name: 'log (2).jsonl' };
    await analysed([first, second]);
    const { analysis } = await analysed([{ ...second, name: 'log.jsonl' }]);
    expect(readCounts()).toEqual({ x: 1, y: 2 });
    expect(analysis.records.map((r) => r.id)).toContain('log.jsonl:3');
    expect(analysis).toEqual(await fresh([{ ...second, name: 'log.jsonl' }]));
  });

  it('a file left out as already open is not kept: once the one it repeats is closed, it is read', async () => {
    const again = { ...a, key: 'a-again', name: 'a copy.jsonl' };
    const first = await readSources(request([a, again, b]), 0, hooks);
    expect(first.already.map((x) => x.index)).toEqual([1]);
    const { analysis } = await analysed([again, b]);
    expect(readCounts()).toEqual({ a: 1, 'a-again': 2, b: 1 });
    expect(analysis).toEqual(await fresh([again, b]));
  });

  it('a request that stops once its files are read (a newer one came) leaves the inputs kept before it', async () => {
    await analysed([a, b, c]);
    const superseded: ReadHooks = {
      reading: () => undefined,
      progress: (p) => {
        if (p.bytes === p.total) throw new Error('superseded');
      },
    };
    await expect(analysed([d], superseded)).rejects.toThrow('superseded');
    await analysed([b, c]);
    expect(readCounts()).toEqual({ a: 1, b: 1, c: 1, d: 1 });
  });

  it('keeps nothing once forgotten (a request failed): every file is read again', async () => {
    await analysed([a, b]);
    forgetSources();
    await analysed([a, b]);
    expect(readCounts()).toEqual({ a: 2, b: 2 });
  });
});

describe('a streamed file kept between requests', () => {
  it('is read on the page too when it is read, into a table; once kept, is read again by neither while the page holds its records, its table at its new place', async () => {
    const big = streamedGzip('big');
    expect(big.bytes.length).toBeGreaterThanOrEqual(STREAM_MIN_GZIP_BYTES);
    const toPage: { position: number; fileIndex: number }[] = [];
    const reading: ReadHooks = { ...hooks, readOnPage: (position, fileIndex) => toPage.push({ position, fileIndex }) };
    const first = await readSources(request([a, big]), 0, reading);
    expect(first.readOnPage.get(first.inputs[1]!)).toBe(1);
    expect(toPage).toEqual([{ position: 1, fileIndex: 1 }]);
    expect(first.inputs[1]!.records).toEqual([]);
    expect(first.columns.get(first.inputs[1]!)).toMatchObject({ count: 40_000, fileIndex: 1 });
    expect(first.columns.has(first.inputs[0]!)).toBe(false);
    toPage.length = 0;
    const second = await readSources(request([big, b]), 0, { ...reading, pageHolds: (index) => index === 0 });
    expect(readCounts()).toEqual({ a: 1, b: 1, big: 1 });
    expect(toPage).toEqual([]);
    expect(second.readOnPage.size).toBe(0);
    expect(second.inputs[0]).toBe(first.inputs[1]);
    expect(second.kept.get(second.inputs[0]!)).toBe(0);
    expect(second.columns.get(second.inputs[0]!)).toMatchObject({ count: 40_000, fileIndex: 0 });
    expect(second.inputs[1]!.records.every((r) => r.fileIndex === 1)).toBe(true);
  });

  it('kept as a table whose records the page does not hold (it never took that answer), is read again, on the page too', async () => {
    const big = streamedGzip('big');
    const toPage: number[] = [];
    const reading: ReadHooks = { ...hooks, readOnPage: (position) => toPage.push(position) };
    await readSources(request([big]), 0, reading);
    const again = await readSources(request([a, big]), 0, reading);
    expect(readCounts()).toEqual({ a: 1, big: 2 });
    expect(toPage).toEqual([0, 1]);
    expect(again.kept.size).toBe(0);
    expect(again.columns.get(again.inputs[1]!)).toMatchObject({ count: 40_000, fileIndex: 1 });
    // Asked not to leave records to the page (its own read failed), the worker reads them as records.
    const whole = await readSources(request([big]), 0, hooks);
    expect(whole.columns.size).toBe(0);
    expect(whole.inputs[0]!.records).toHaveLength(40_000);
  });

  it('a gzip found damaged at its end is read whole instead, and its records are not left to the page it told to read them', async () => {
    const big = streamedGzip('big');
    // Bytes after the gzip data: the stream says so only once it has ended, after the page was told to read the file.
    const trailing = { ...big, bytes: Uint8Array.from([...big.bytes, 0x41, 0x42]) };
    const toPage: number[] = [];
    const read = await readSources(request([trailing]), 0, { ...hooks, readOnPage: (position) => toPage.push(position) });
    expect(toPage).toEqual([0]);
    expect(read.inputs[0]!.records).toHaveLength(40_000);
    expect(read.readOnPage.size).toBe(0);
  });
});
