import { describe, expect, it } from 'vitest';
import type { InputBoundary } from './model';
import { listSessionBoundaries, sessionBoundaries } from './sessionBoundaries';
import { toInput } from './test/build';
import { analyze } from './analyze';

const boundary = (line: number, session: string | null, kind = 'rollback'): InputBoundary => ({ line, session, kind, label: kind, covers: null });

describe('the boundaries of a session', () => {
  it('are its own and those without a session, in the inputs that hold its records, with where those records are', () => {
    const a = { ...toInput([{ kind: 'input', id: 'a', session: 's', accept_seq: 1 }, { kind: 'input', id: 'b', session: 't', accept_seq: 1 }], 'a.jsonl', 0), boundaries: [boundary(1, 's'), boundary(2, 't'), boundary(2, null, 'deletion')] };
    const b = { ...toInput([{ kind: 'input', id: 'c', session: 't', accept_seq: 2 }], 'b.jsonl', 1), boundaries: [boundary(1, 's'), boundary(1, null, 'deletion')] };
    const analysis = analyze([a, b]);
    const of = (name: string) => sessionBoundaries(analysis.sessions.find((x) => x.session === name)!.records, [a, b], name);
    expect(of('s').map((x) => [x.file, x.start, x.end, x.boundaries.map((y) => y.kind)])).toEqual([[0, 0, 1, ['rollback', 'deletion']]]);
    expect(of('t').map((x) => [x.file, x.start, x.end, x.boundaries.map((y) => `${y.kind}@${y.line}`)])).toEqual([
      [0, 0, 1, ['rollback@2', 'deletion@2']],
      [1, 1, 2, ['deletion@1']],
    ]);
  });
});

describe('what the reports list of a session\'s boundaries', () => {
  it('says a span of one place as one ("takes line 10", not "lines 10–10") and a range as a range', () => {
    const rollback = (line: number, fromLine: number, toLine: number): InputBoundary => ({ line, session: 's', kind: 'rollback', label: 'rolled back', covers: { fromLine, toLine } });
    const records = [{ kind: 'input', id: 'a', session: 's', accept_seq: 1 }];
    const lines = { ...toInput(records, 'a.jsonl', 0), boundaries: [rollback(11, 10, 10), rollback(14, 12, 13)] };
    const items = { ...lines, itemized: true };
    const covers = (input: typeof lines) => listSessionBoundaries(analyze([input]).sessions[0]!.records, [input], 's', 10).listed.map((b) => b.covers);
    expect(covers(lines)).toEqual(['takes line 10 out of the effective history', 'takes lines 12–13 out of the effective history']);
    expect(covers(items)).toEqual(['takes item 10 out of the effective history', 'takes items 12–13 out of the effective history']);
  });
});
