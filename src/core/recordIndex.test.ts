import { describe, expect, it } from 'vitest';
import { analyze } from './analyze';
import type { ParsedInput, SeqRecord } from './model';
import { recordIndexer } from './recordIndex';
import { countedElementReads } from './test/countedWork';
import { toInput } from './test/build';

describe('recordIndexer', () => {
  it('finds records of line-ordered and of reordered inputs, across inputs, and nothing else', () => {
    const a = toInput([{ kind: 'input', id: 'a1' }, { kind: 'input', id: 'a2' }], 'a.jsonl', 0);
    const b0 = toInput([{ kind: 'input', id: 'b1' }, { kind: 'input', id: 'b2' }, { kind: 'input', id: 'b3' }], 'b.jsonl', 1);
    // Storage order by ordinal can differ from line order (Codex): records stay in storage order.
    const b: ParsedInput = { ...b0, records: [b0.records[2]!, b0.records[0]!, b0.records[1]!] };
    const all: SeqRecord[] = [...a.records, ...b.records];
    const indexOf = recordIndexer(all);
    all.forEach((r, i) => expect(indexOf(r)).toBe(i));
    expect(indexOf({ ...a.records[0]! })).toBeUndefined();
    expect(indexOf({ fileIndex: 0, line: 1 })).toBeUndefined();
    expect(indexOf('a1')).toBeUndefined();
  });

  it('finds records by line whether their lines are dense, sparse, shared or not whole numbers', () => {
    const base = toInput(Array.from({ length: 5 }, (_, i) => ({ kind: 'input', id: `r${i}` })), 'f.jsonl', 0);
    for (const lines of [[1, 2, 3, 4, 5], [2, 4, 6, 9, 10], [1, 5000, 9000, 20000, 2 ** 40], [1, 1.5, 2, 3, 4], [1, 1, 2, 2, 3]]) {
      const records = base.records.map((r, i) => ({ ...r, line: lines[i]! }));
      const indexOf = recordIndexer(records);
      records.forEach((r, i) => expect(indexOf(r)).toBe(i));
      expect(indexOf({ ...records[2]! })).toBeUndefined();
    }
  });

  it('finds records of inputs listed out of fileIndex order, of dense inputs after sparse ones, and of shuffled lists', () => {
    const dense = (name: string, fileIndex: number, n: number) => toInput(Array.from({ length: n }, (_, i) => ({ kind: 'input', id: `${name}${i}` })), name, fileIndex);
    const a = dense('a', 0, 3);
    const b = dense('b', 1, 4);
    const sparse = { ...dense('s', 2, 3), records: dense('s', 2, 3).records.map((r, i) => ({ ...r, line: 2 * i + 1 })) };
    const c = dense('c', 3, 5);
    const lists: SeqRecord[][] = [
      [...b.records, ...a.records],
      [...a.records, ...sparse.records, ...c.records],
      [...c.records, ...a.records, ...b.records].reverse(),
    ];
    for (const all of lists) {
      const indexOf = recordIndexer(all);
      all.forEach((r, i) => expect(indexOf(r)).toBe(i));
      expect(indexOf({ ...all[1]! })).toBeUndefined();
    }
  });

  it('finds the records of inputs whose lines are all records without reading every record', () => {
    const input = toInput(Array.from({ length: 5000 }, (_, i) => ({ kind: 'input', id: `r${i}` })), 'f.jsonl', 0);
    const all = [...input.records, ...toInput([{ kind: 'input', id: 'x' }, { kind: 'input', id: 'y' }], 'g.jsonl', 1).records];
    const counter = { reads: 0 };
    const counted = countedElementReads(all, counter);
    const indexOf = recordIndexer(counted);
    for (const i of [0, 2500, 4999, 5000, 5001]) expect(indexOf(all[i])).toBe(i);
    expect(counter.reads).toBeLessThan(100);
  });

  it('says an object that is not a record is none without reading every record', () => {
    const input = toInput(Array.from({ length: 5000 }, (_, i) => ({ kind: 'input', id: `r${i}` })), 'f.jsonl', 0);
    const counter = { reads: 0 };
    const indexOf = recordIndexer(countedElementReads(input.records, counter));
    for (const v of [{}, [], { fileIndex: 0 }, { line: 3 }, new Map()]) expect(indexOf(v)).toBeUndefined();
    expect(counter.reads).toBe(0);
  });

  it('gives findings the positions of their records in Analysis.records', () => {
    const input = toInput([
      { kind: 'input', id: 'm2', op: 'revoke', accept_seq: 2 },
      { kind: 'input', id: 'm1', op: 'allow', accept_seq: 1 },
    ]);
    const analysis = analyze([toInput([{ kind: 'read', id: 'x', session: 'other' }], 'first.jsonl', 0), { ...input, records: input.records.map((r) => ({ ...r, fileIndex: 1 })) }]);
    const flip = analysis.findings.find((f) => f.code === 'decision-flip')!;
    expect(flip.recordIndex.map((i) => analysis.records[i]!.id)).toEqual(['m2', 'm1']);
  });
});
