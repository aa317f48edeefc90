import { describe, expect, it } from 'vitest';
import type { InputBoundary } from './model';
import { sessionBoundaries } from './sessionBoundaries';
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
