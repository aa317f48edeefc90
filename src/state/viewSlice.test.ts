import { describe, expect, it } from 'vitest';
import { useStore } from './store';
import { analysisOf } from './testAnalysis';

const session = (name: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({ kind: 'input', id: `${name}${i + 1}`, session: name, accept_seq: i + 1, op: 'set', key: 'k', value: i }));

describe('choosing a record or finding of another session', () => {
  it('shows that session at its end (its own N), while a choice within the session keeps the N the user set', async () => {
    const analysis = await analysisOf({ name: 'two.jsonl', lines: [...session('a', 3), ...session('b', 5)] });
    const indexOf = (id: string) => analysis.records.findIndex((r) => r.id === id);
    useStore.setState({ analysis, session: 'a', cutoff: 2 });

    useStore.getState().selectRecord(indexOf('a3'));
    expect([useStore.getState().session, useStore.getState().cutoff]).toEqual(['a', 2]);

    // b4 is accepted after N = 2: keeping N would dim the record the finding is about.
    useStore.getState().selectFinding(0, [indexOf('b4')], indexOf('b4'));
    expect([useStore.getState().session, useStore.getState().cutoff]).toEqual(['b', 5]);

    useStore.getState().setCutoff(1);
    useStore.getState().focusRecord(indexOf('a1'));
    expect([useStore.getState().session, useStore.getState().cutoff]).toEqual(['a', 3]);
  });
});

describe('choosing a finding that names no record', () => {
  it('shows the session the finding names, and stays where it is when the finding names no session either', async () => {
    const analysis = await analysisOf({ name: 'two.jsonl', lines: [...session('a', 3), { kind: 'input', id: 'c1', session: 'import', op: 'set', key: 'k', value: 1 }] });
    const none = analysis.findings.findIndex((f) => f.code === 'no-acceptance-order');
    useStore.setState({ analysis, session: 'a', cutoff: 2 });

    useStore.getState().selectFinding(none, [], null);
    expect([useStore.getState().session, useStore.getState().cutoff]).toEqual(['import', null]);

    const sessionless = { ...analysis, findings: [{ ...analysis.findings[none]!, session: null }] };
    useStore.setState({ analysis: sessionless, session: 'a', cutoff: 2 });
    useStore.getState().selectFinding(0, [], null);
    expect([useStore.getState().session, useStore.getState().cutoff]).toEqual(['a', 2]);
  });
});
