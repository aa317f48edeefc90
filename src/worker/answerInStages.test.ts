import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Analysis } from '../core/analyze';
import { fixtureFiles, fixturesDir, nativeSamplesDir, realSampleFiles, realSamplesDir, walk } from '../io/test/samples';
import { analyzeRequests } from './analyzeRequests';
import { unpackAnalysis } from './packAnalysis';
import type { OnPage, RecordsElsewhere } from './pageRecords';
import type { AnalyzeRequest, SourceFile, WorkerResponse } from './protocol';
import { readKeyOf } from './readKey';
import { forgetSources } from './readSources';
import { streamedGzip, type Chosen } from './test/chosenFiles';

const noWait = async () => undefined;
const big = streamedGzip('big');

const fileOf = (path: string, key = path): Chosen => ({ key, name: basename(path), bytes: new Uint8Array(readFileSync(path)) });
const sourceOf = (f: Chosen): SourceFile => ({ name: f.name, key: f.key, blob: new Blob([f.bytes as Uint8Array<ArrayBuffer>]) });

let id = 0;

/**
 * One request through the worker's requests as the page makes it, its answer
 * as the page would rebuild it: what the page has of files it read or holds
 * is `page`'s (the same files read whole, no file repeating another, so a
 * request position is an input position).
 */
async function answer(files: readonly Chosen[], request: Partial<AnalyzeRequest>, page: Analysis | null) {
  const messages: WorkerResponse[] = [];
  await analyzeRequests((m) => messages.push(structuredClone(m))).analyze({ type: 'analyze', id: ++id, files: files.map(sourceOf), ...request });
  const done = messages.find((m) => m.type === 'done');
  if (done?.type !== 'done') throw new Error(JSON.stringify(messages.filter((m) => m.type === 'error')));
  const parts = messages.flatMap((m) => (m.type === 'sessions' ? [m.part] : []));
  const onPage: OnPage = {
    records: (from: RecordsElsewhere) => page?.inputs['held' in from ? from.held : from.readOnPage]?.records,
    heldInput: (position) => page?.inputs[position],
  };
  const analysis = done.packed ? await unpackAnalysis(done.packed, noWait, onPage, parts) : done.analysis!;
  return { analysis, messages, done };
}

/** What the page shows of the same files when the worker reads every record as objects and sends them (the page's own reads refused). */
async function ofObjects(files: readonly Chosen[]): Promise<Analysis> {
  forgetSources();
  const { analysis } = await answer(files, { readOnPage: false }, null);
  forgetSources();
  return analysis;
}

beforeEach(forgetSources);

const sampleGroups: [string, Chosen[]][] = [
  ['the bundled samples', walk(nativeSamplesDir).filter((p) => p.endsWith('.jsonl')).map((p) => fileOf(p))],
  ['the Codex fixtures', fixtureFiles().map((f) => fileOf(join(fixturesDir, f)))],
];

describe('an answer made of record tables', () => {
  for (const [what, files] of sampleGroups) {
    it(`rebuilds on the page as the object engine's does, a large file read on the page beside ${what} (read whole, made tables)`, async () => {
      expect(files.length).toBeGreaterThan(2);
      const request = [big, ...files];
      const objects = await ofObjects(request);
            const tables = await answer(request, {}, objects);
      expect(tables.done.packed?.recordsFrom).toEqual([{ readOnPage: 0 }, ...files.map(() => null)]);
      expect(tables.analysis).toEqual(objects);
    });
  }

  it('for the real samples beside the repository, when they are there', async (ctx) => {
    const files = realSampleFiles().map((f) => fileOf(join(realSamplesDir, f)));
    if (files.length === 0) ctx.skip(`no real samples in ${realSamplesDir}`);
    const request = [big, ...files];
    const objects = await ofObjects(request);
    const tables = await answer(request, {}, objects);
    expect(tables.analysis).toEqual(objects);
  });

  it('sends the sessions ahead of the checks when the page holds every input\'s records, the tables kept from the request before', async () => {
    const [a, b] = ['o1-flip', 'e3-conflict-notes'].map((n) => fileOf(join(nativeSamplesDir, `${n}.jsonl`))) as [Chosen, Chosen];
    const objects = await ofObjects([big, a]);
    const moved = await ofObjects([b, a, big]);
    const closed = await ofObjects([a, big]);
    const first = await answer([big, a], {}, objects);
    expect(first.messages.some((m) => m.type === 'sessions' && m.ahead !== undefined)).toBe(false);
    // The page now holds both files' records; b is new, and its records cross.
    const held = [big, a].map((f) => readKeyOf(sourceOf(f))!);
    const second = await answer([b, a, big], { held }, moved);
    expect(second.done.packed?.recordsFrom).toEqual([null, { held: 1 }, { held: 2 }]);
    expect(second.analysis).toEqual(moved);
    const third = await answer([a, big], { held }, closed);
    expect(third.messages.find((m) => m.type === 'sessions' && m.ahead !== undefined)).toBeDefined();
    expect(third.done.packed?.recordsFrom).toEqual([{ held: 0 }, { held: 1 }]);
    expect(third.analysis).toEqual(closed);
  });
});
