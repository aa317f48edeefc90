import { describe, expect, it } from 'vitest';
import { rawRowCutoffOf } from './rawRowCutoff';
import { recordIndexOf, sessionOf } from './selectors';
import { analysisOf } from './testAnalysis';

describe('the raw file order table against the cutoff', () => {
  it('names a record stored inside the storage prefix but accepted after N a future leak, a later one after N, and nothing at the end', async () => {
    const a = await analysisOf({
      name: 'o.jsonl',
      lines: [
        { kind: 'input', id: 'm2', op: 'revoke', session: 'o', accept_seq: 2 },
        { kind: 'input', id: 'm1', op: 'allow', session: 'o', accept_seq: 1 },
        { kind: 'input', id: 'm3', op: 'allow', session: 'o', accept_seq: 3 },
        { kind: 'input', id: 'late', op: 'allow', session: 'o', accept_seq: 9, accepted: false },
        { kind: 'note', id: 'aside', session: 'o', accept_seq: 4 },
      ],
    });
    const s = sessionOf(a, 'o')!;
    const at = (n: number | null) => {
      const of = rawRowCutoffOf(s, n, recordIndexOf(a));
      return s.records.map((r) => [r.id, of(r)]);
    };
    expect(at(1)).toEqual([
      ['m2', 'future-leak'],
      ['m1', null],
      ['m3', 'after-cutoff'],
      ['late', null],
      ['aside', 'after-cutoff'],
    ]);
    expect(at(4).every(([, c]) => c === null)).toBe(true);
    expect(at(null).every(([, c]) => c === null)).toBe(true);
  });
});
