// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AnalysisClient } from '../worker/client';
import type { SourceFile } from '../worker/protocol';
import { openFiles } from './loader';
import { sourceFromBytes } from './sources';
import { useStore } from './store';
import { analysisOf, O1 } from './testAnalysis';

const source = (name: string) => sourceFromBytes(name, new TextEncoder().encode(JSON.stringify(O1[0])));

describe('two files of one name', () => {
  let sent: string[] = [];
  beforeEach(() => {
    useStore.getState().clearInputs();
    sent = [];
    vi.spyOn(AnalysisClient.prototype, 'analyze').mockImplementation(async (sources: readonly SourceFile[]) => {
      sent = sources.map((s) => s.name);
      const analysis = await analysisOf(...sources.map((s) => ({ name: s.name, lines: [O1[0]!] })));
      return { analysis, unreadable: [], already: [] };
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('are told apart by a number, in what is read and in every place the page names', async () => {
    await openFiles([source('session.jsonl')]);
    await openFiles([source('session.jsonl')]);
    expect(sent).toEqual(['session.jsonl', 'session (2).jsonl']);
    expect(useStore.getState().analysis!.inputs.map((i) => i.name)).toEqual(['session.jsonl', 'session (2).jsonl']);
    expect(useStore.getState().analysis!.findings.some((f) => f.message.includes('session (2).jsonl'))).toBe(true);
  });

  it('say a copy already open by the name the user gave it', async () => {
    await openFiles([source('session.jsonl')]);
    vi.mocked(AnalysisClient.prototype.analyze).mockResolvedValueOnce({
      analysis: null,
      unreadable: [],
      already: [{ index: 1, name: 'session (2).jsonl', sameAs: 'session.jsonl', sha256: 'ab'.repeat(32), onceDecompressed: false }],
    });
    await openFiles([source('session.jsonl')]);
    expect(useStore.getState().notices.map((n) => n.message)).toEqual([`session.jsonl is already open (same SHA-256, ${'ab'.repeat(6)}…); it was not added again.`]);
  });
});
