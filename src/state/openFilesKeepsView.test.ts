// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Analysis } from '../core/analyze';
import { AnalysisClient, AnalysisError } from '../worker/client';
import { openFiles } from './loader';
import { sourceFromBytes } from './sources';
import { useStore } from './store';
import { analysisOf } from './testAnalysis';
import { EMPTY_URL_VIEW } from './url';
import { initialView } from './viewFromUrl';

const TWO_SESSIONS = [
  { kind: 'input', id: 'a1', op: 'allow', session: 'a', accept_seq: 1 },
  { kind: 'input', id: 'a2', op: 'revoke', session: 'a', accept_seq: 2 },
  { kind: 'input', id: 'a3', op: 'allow', session: 'a', accept_seq: 3 },
  { kind: 'input', id: 'b1', op: 'revoke', session: 'b', accept_seq: 2 },
  { kind: 'input', id: 'b2', op: 'allow', session: 'b', accept_seq: 1 },
];
const MORE_OF_A = [{ kind: 'input', id: 'a4', op: 'revoke', session: 'a', accept_seq: 4 }];
const EVALS = [{ kind: 'eval', id: 'e1', case_id: 'c', status: 'pass' }];

const source = (name: string) => sourceFromBytes(name, new TextEncoder().encode(name));

/** Adds `name` to what is open, the worker answering with `analysis`. */
async function add(name: string, analysis: Analysis): Promise<void> {
  vi.spyOn(AnalysisClient.prototype, 'analyze').mockResolvedValueOnce({ analysis, unreadable: [], already: [] });
  await openFiles([source(name)]);
}

describe('files added to files already open', () => {
  beforeEach(async () => {
    const analysis = await analysisOf({ name: 'log.jsonl', lines: TWO_SESSIONS });
    useStore.getState().clearInputs();
    useStore.getState().startLoading([source('log.jsonl')], { kind: 'files' });
    useStore.getState().setAnalysis(analysis, initialView(analysis, EMPTY_URL_VIEW, null));
  });
  afterEach(() => vi.restoreAllMocks());

  it('keep the session, the cutoff and the focused record the user was looking at', async () => {
    // The fresh view opens on session b (its decision flip); the user moves to session a, N = 2, record a2.
    useStore.getState().selectSession('a', 2);
    useStore.getState().selectRecord(1);
    await add('evals.jsonl', await analysisOf({ name: 'log.jsonl', lines: TWO_SESSIONS }, { name: 'evals.jsonl', lines: EVALS }));
    const s = useStore.getState();
    expect(s.sources.map((x) => x.name)).toEqual(['log.jsonl', 'evals.jsonl']);
    expect(s.session).toBe('a');
    expect(s.cutoff).toBe(2);
    expect(s.analysis!.records[s.selection.focus!]!.id).toBe('a2');
  });

  it('keep a cutoff at the end of the session at the end, where added records move it', async () => {
    useStore.getState().selectSession('a', 3);
    await add('more.jsonl', await analysisOf({ name: 'log.jsonl', lines: TWO_SESSIONS }, { name: 'more.jsonl', lines: MORE_OF_A }));
    expect(useStore.getState().session).toBe('a');
    expect(useStore.getState().cutoff).toBe(4);
  });

  it('keep the view when a file is added while an added file is still being read', async () => {
    useStore.getState().selectSession('a', 2);
    useStore.getState().selectRecord(1);
    let finishFirst: () => void = () => {};
    const analyze = vi.spyOn(AnalysisClient.prototype, 'analyze');
    // The worker drops a load that a newer one supersedes.
    analyze.mockImplementationOnce(() => new Promise((_, reject) => (finishFirst = () => reject(new AnalysisError(null, 'superseded', 'superseded')))));
    const first = openFiles([source('big.jsonl')]);
    await vi.waitFor(() => expect(analyze).toHaveBeenCalledTimes(1));
    expect(useStore.getState().status).toBe('loading');
    const both = await analysisOf({ name: 'log.jsonl', lines: TWO_SESSIONS }, { name: 'big.jsonl', lines: MORE_OF_A }, { name: 'evals.jsonl', lines: EVALS });
    analyze.mockResolvedValueOnce({ analysis: both, unreadable: [], already: [] });
    await openFiles([source('evals.jsonl')]);
    finishFirst();
    await first;
    const s = useStore.getState();
    expect(s.sources.map((x) => x.name)).toEqual(['log.jsonl', 'big.jsonl', 'evals.jsonl']);
    expect(s.session).toBe('a');
    expect(s.cutoff).toBe(2);
    expect(s.analysis!.records[s.selection.focus!]!.id).toBe('a2');
  });
});
