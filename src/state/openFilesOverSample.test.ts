// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Analysis } from '../core/analyze';
import { AnalysisClient } from '../worker/client';
import { openFiles } from './loader';
import { sourceFromBytes } from './sources';
import { useStore } from './store';
import { analysisOf, O1 } from './testAnalysis';
import { EMPTY_URL_VIEW } from './url';
import { initialView } from './viewFromUrl';

const messages = () => useStore.getState().notices.map((n) => n.message);
const CLOSED = 'Closed the sample o1-flip.jsonl: a sample is shown on its own; the files you open are shown together.';

const source = (name: string, line: object) => sourceFromBytes(name, new TextEncoder().encode(JSON.stringify(line)));

/** Opens `name` by hand, the worker answering with `analysis` (null: nothing could be read). */
async function openByHand(name: string, analysis: Analysis | null): Promise<void> {
  vi.spyOn(AnalysisClient.prototype, 'analyze').mockResolvedValueOnce({
    analysis,
    unreadable: analysis ? [] : [{ index: 0, file: name, message: `${name}: damaged`, reason: 'damaged' }],
    already: [],
  });
  await openFiles([source(name, O1[0]!)]);
}

describe('a file opened by hand while a sample is shown', () => {
  beforeEach(async () => {
    const analysis = await analysisOf({ name: 'o1-flip.jsonl', lines: O1 });
    useStore.getState().clearInputs();
    useStore.getState().startLoading([source('o1-flip.jsonl', O1[0]!)], { kind: 'sample', file: 'o1-flip.jsonl' });
    useStore.getState().setAnalysis(analysis, initialView(analysis, EMPTY_URL_VIEW, null));
  });
  afterEach(() => vi.restoreAllMocks());

  it('replaces the sample, and the page says it closed the sample and why', async () => {
    await openByHand('mine.jsonl', await analysisOf({ name: 'mine.jsonl', lines: [O1[0]!] }));
    expect(useStore.getState().origin).toEqual({ kind: 'files' });
    expect(useStore.getState().sources.map((s) => s.name)).toEqual(['mine.jsonl']);
    expect(messages()).toEqual([CLOSED]);
  });

  it('says nothing of the sample when the load shows nothing and the sample stays', async () => {
    await openByHand('mine.jsonl', null);
    expect(useStore.getState().origin).toEqual({ kind: 'sample', file: 'o1-flip.jsonl' });
    expect(messages()).toEqual([]);
  });

  it('says nothing of a sample when files are added to files', async () => {
    await openByHand('mine.jsonl', await analysisOf({ name: 'mine.jsonl', lines: [O1[0]!] }));
    await openByHand('other.jsonl', await analysisOf({ name: 'mine.jsonl', lines: [O1[0]!] }, { name: 'other.jsonl', lines: [O1[0]!] }));
    expect(useStore.getState().sources.map((s) => s.name)).toEqual(['mine.jsonl', 'other.jsonl']);
    expect(messages()).toEqual([]);
  });
});
