import { describe, expect, it } from 'vitest';
import { describeLinkProblem, hashMatches, matchLinkFiles, type ExpectedInput } from './hashCheck';

const A = 'aaaaaaaaaaaa1111111111111111111111111111111111111111111111111111';
const B = 'bbbbbbbbbbbb2222222222222222222222222222222222222222222222222222';
const C = 'cccccccccccc3333333333333333333333333333333333333333333333333333';
const expected: ExpectedInput[] = [
  { name: 'a.jsonl', hash: 'aaaaaaaaaaaa', role: 'input' },
  { name: 'b.jsonl', hash: 'bbbbbbbbbbbb', role: 'input' },
];

describe('matchLinkFiles', () => {
  it('matches by content, whatever the names and the order', () => {
    const m = matchLinkFiles(expected, [
      { name: 'renamed-b.jsonl', sha256: B },
      { name: 'a.jsonl', sha256: A },
    ]);
    expect(m.slots).toEqual([1, 0]);
    expect(m.problems).toEqual([]);
  });

  it('names a file with an expected name and another hash as a mismatch, and never uses it', () => {
    const m = matchLinkFiles(expected, [{ name: 'a.jsonl', sha256: C }]);
    expect(m.slots).toEqual([null, null]);
    expect(m.problems).toEqual([{ kind: 'mismatch', name: 'a.jsonl', expected: 'aaaaaaaaaaaa', found: 'cccccccccccc' }]);
    expect(describeLinkProblem(m.problems[0]!)).toBe(
      'a.jsonl does not match the link: expected SHA-256 aaaaaaaaaaaa…, found cccccccccccc… — it is not the file the view was made from.',
    );
  });

  it('reports a file the link does not name, and keeps what was matched before', () => {
    const first = matchLinkFiles(expected, [{ name: 'a.jsonl', sha256: A }]);
    expect(first.slots).toEqual([0, null]);
    const m = matchLinkFiles(expected, [{ name: 'a.jsonl', sha256: A }, { name: 'x.jsonl', sha256: C }, { name: 'b.jsonl', sha256: B }], first.slots);
    expect(m.slots).toEqual([0, 2]);
    expect(m.problems.map((p) => p.kind)).toEqual(['not-in-link']);
  });

  it('compares hashes by prefix, ignoring case', () => {
    expect(hashMatches('AAAAAAAAAAAA', A)).toBe(true);
    expect(hashMatches('', A)).toBe(false);
    expect(hashMatches('aaaaaaaaaaab', A)).toBe(false);
  });
});
