import { describe, expect, it } from 'vitest';
import { analyze } from '../core/analyze';
import type { SeqRecord } from '../core/model';
import { countedElementReads } from '../core/test/countedWork';
import { join } from 'node:path';
import { fixturesDir, loadFile, loadText } from '../io/test/samples';
import { choiceKeyOf, chosenInput, lineTarget, parseLineNumber } from './rawLineLookup';

const line = (session: string, id: string, seq: number) => JSON.stringify({ kind: 'input', id, op: 'allow', session, accept_seq: seq });

async function twoFiles() {
  // a.jsonl: 1 s, 2 t, 3 rejected, 4 blank, 5 s; b.jsonl: 1 s, 2 s.
  const a = [line('s', 'a1', 1), line('t', 't1', 1), '{not json', '', line('s', 'a5', 2)].join('\n');
  const b = [line('s', 'b1', 3), line('s', 'b2', 4)].join('\n');
  const analysis = analyze([await loadText('a.jsonl', a, 0), await loadText('b.jsonl', b, 1)]);
  const s = analysis.sessions.find((x) => x.session === 's')!;
  return { analysis, records: s.records };
}

describe('lineTarget', () => {
  it("finds the table's record at a line of either file, by its position in Analysis.records", async () => {
    const { analysis, records } = await twoFiles();
    const at = (file: number, n: number) => {
      const t = lineTarget(analysis, records, file, n);
      return t.kind === 'here' ? analysis.records[t.index]!.id : t.kind;
    };
    expect([at(0, 1), at(0, 5), at(1, 1), at(1, 2)]).toEqual(['a1', 'a5', 'b1', 'b2']);
  });

  it("says a line holds another session's record, which one, and where it is", async () => {
    const { analysis, records } = await twoFiles();
    const t = lineTarget(analysis, records, 0, 2);
    expect(t.kind).toBe('elsewhere');
    if (t.kind !== 'elsewhere') return;
    expect(t.record.session).toBe('t');
    expect(analysis.records[t.index]).toBe(t.record);
  });

  it('tells a rejected line (with its reason), a blank one and one past the end apart', async () => {
    const { analysis, records } = await twoFiles();
    const rejected = lineTarget(analysis, records, 0, 3);
    expect(rejected.kind).toBe('rejected');
    expect(rejected.kind === 'rejected' && rejected.reason).toBe(analysis.inputs[0]!.rejected[0]!.reason);
    expect(lineTarget(analysis, records, 0, 4)).toEqual({ kind: 'blank' });
    expect(lineTarget(analysis, records, 0, 6)).toEqual({ kind: 'beyond', lines: 5 });
    expect(lineTarget(analysis, records, 1, 3)).toEqual({ kind: 'beyond', lines: 2 });
  });

  it('finds the record at a line of a rollout stored by ordinal, its lines out of line order', async () => {
    const input = await loadFile(join(fixturesDir, 'codex-paginated-boundaries.jsonl'), 0, 'b.jsonl');
    const analysis = analyze([input]);
    const records = analysis.records;
    expect(records.slice(2, 5).map((r) => r.line)).toEqual([3, 5, 4]);
    for (const n of [3, 4, 5]) {
      const t = lineTarget(analysis, records, 0, n);
      expect(t.kind === 'here' && analysis.records[t.index]!.line).toBe(n);
    }
  });

  it('finds a record deep in a long file by binary search, reading few records', async () => {
    const lines = Array.from({ length: 50_000 }, (_, i) => line('s', `m${i + 1}`, i + 1));
    const analysis = analyze([await loadText('long.jsonl', lines.join('\n'))]);
    const counter = { reads: 0 };
    const counted = countedElementReads(analysis.sessions[0]!.records as SeqRecord[], counter);
    const t = lineTarget(analysis, counted, 0, 48_213);
    expect(t.kind === 'here' && analysis.records[t.index]!.id).toBe('m48213');
    expect(counter.reads).toBeLessThan(40);
  });
});

describe('parseLineNumber', () => {
  it('reads a line number as people write it, and nothing else', () => {
    expect(['48213', ' 48,213 ', '48 213', '1'].map(parseLineNumber)).toEqual([48213, 48213, 48213, 1]);
    expect(['', '0', '-3', '4.5', 'abc', '12a'].map(parseLineNumber)).toEqual([null, null, null, null, null, null]);
    expect(['1,000,000', '1_000', '1 000 000'].map(parseLineNumber)).toEqual([1_000_000, 1000, 1_000_000]);
    // Separators that do not group by thousands, or change kind, are slips, not line 10.
    expect(['1,0', '12,34', '1,000 000', '1,0000', ',100', '100,'].map(parseLineNumber)).toEqual([null, null, null, null, null, null]);
  });
});

describe('the input Go to line looks in', () => {
  const inputs = [
    { name: 'a.jsonl', sha256: 'aa' },
    { name: 'c.jsonl', sha256: 'cc' },
  ];

  it('is the chosen input wherever it now is, else the fallback kept among the inputs open', () => {
    expect(chosenInput(inputs, 'cc', 0)).toBe(1);
    expect(chosenInput(inputs, 'bb', 0)).toBe(0);
    expect(chosenInput(inputs, null, 1)).toBe(1);
    expect(chosenInput(inputs, 'bb', 5)).toBe(1);
  });

  it('names a file not hashed yet by its name, and still finds it once it is hashed; two such files are not taken for each other', () => {
    const unhashed = [
      { name: 'a.jsonl', sha256: '' },
      { name: 'c.jsonl', sha256: '' },
    ];
    const chosen = choiceKeyOf(unhashed[1]!);
    expect(chosenInput(unhashed, chosen, 0)).toBe(1);
    expect(chosenInput(inputs, chosen, 0)).toBe(1);
    expect(chosenInput(unhashed, '', 0)).toBe(0);
  });
});
