import { describe, expect, it } from 'vitest';
import { analyze } from './analyze';
import { sessionFileIndices, sessionSpanNote } from './sessionFiles';
import { toInput } from './test/build';

const a1 = { kind: 'input', id: 'A1', session: 's', op: 'allow', accept_seq: 2 };
const b1 = { kind: 'input', id: 'B1', session: 's', op: 'revoke', accept_seq: 1 };
const other = { kind: 'input', id: 'C1', session: 't', op: 'allow', accept_seq: 1 };

describe('a session stored across files', () => {
  it('names the files it spans in the order they were given, and says the order can change the result', () => {
    const inputs = [toInput([a1, other], 'fa.jsonl', 0), toInput([b1], 'fb.jsonl', 1)];
    const a = analyze(inputs);
    const s = a.sessions.find((x) => x.session === 's')!;
    expect(sessionFileIndices(s.records)).toEqual([0, 1]);
    expect(sessionSpanNote(s, inputs)).toBe(
      'stored across 2 files, taken in the order given (fa.jsonl, fb.jsonl): given in another order, the storage replay and the inversions can differ',
    );
  });

  it('says nothing for a session in one file, though other files are open', () => {
    const inputs = [toInput([a1, other], 'fa.jsonl', 0), toInput([b1], 'fb.jsonl', 1)];
    const t = analyze(inputs).sessions.find((x) => x.session === 't')!;
    expect(sessionFileIndices(t.records)).toEqual([0]);
    expect(sessionSpanNote(t, inputs)).toBeNull();
  });

  it('counts only files holding records the replays read, and names no inversions where there is no acceptance order', () => {
    const unaccepted = toInput([{ ...b1, accepted: false }], 'fb.jsonl', 1);
    expect(sessionSpanNote(analyze([toInput([a1], 'fa.jsonl', 0), unaccepted]).sessions[0]!, [{ name: 'fa.jsonl' }, { name: 'fb.jsonl' }])).toBeNull();
    const unordered = [toInput([{ ...a1, accept_seq: undefined }], 'fa.jsonl', 0), toInput([{ ...b1, accept_seq: undefined }], 'fb.jsonl', 1)];
    expect(sessionSpanNote(analyze(unordered).sessions[0]!, unordered)).toBe(
      'stored across 2 files, taken in the order given (fa.jsonl, fb.jsonl): given in another order, the storage replay can differ',
    );
  });

  it('names the first four of many files and counts the rest', () => {
    const inputs = Array.from({ length: 6 }, (_, i) => toInput([{ ...a1, id: `x${i}`, accept_seq: i + 1 }], `part-${i}.jsonl`, i));
    const s = analyze(inputs).sessions[0]!;
    expect(sessionSpanNote(s, inputs)).toContain('stored across 6 files, taken in the order given (part-0.jsonl, part-1.jsonl, part-2.jsonl, part-3.jsonl and 2 more)');
  });
});
