import { describe, expect, it } from 'vitest';
import { alreadyOpenMessage, partitionByHash } from './alreadyOpen';

const f = (name: string, sha256: string) => ({ name, sha256 });

describe('a file opened twice is recognised by its hash', () => {
  it('keeps new content and names what is already open, by content not by name', () => {
    const open = [f('o1.jsonl', 'aa'), f('evals.jsonl', 'bb')];
    const { fresh, already } = partitionByHash(open, [f('o1.jsonl', 'aa'), f('copy of evals.jsonl', 'bb'), f('o1.jsonl', 'cc')]);
    expect(fresh).toEqual([2]);
    expect(already).toEqual([
      { name: 'o1.jsonl', sameAs: 'o1.jsonl', sha256: 'aa' },
      { name: 'copy of evals.jsonl', sameAs: 'evals.jsonl', sha256: 'bb' },
    ]);
  });

  it('counts a file twice in one batch once', () => {
    const { fresh, already } = partitionByHash([], [f('a', '1'), f('b', '1'), f('c', '2')]);
    expect(fresh).toEqual([0, 2]);
    expect(already).toEqual([{ name: 'b', sameAs: 'a', sha256: '1' }]);
  });

  it('says so in a sentence with the start of the hash', () => {
    const sha = 'c252794b2f4b0123456789';
    expect(alreadyOpenMessage({ name: 'x.jsonl', sameAs: 'x.jsonl', sha256: sha })).toBe('x.jsonl is already open (same SHA-256, c252794b2f4b…); it was not added again.');
    expect(alreadyOpenMessage({ name: 'y.jsonl', sameAs: 'x.jsonl', sha256: sha })).toBe('y.jsonl is already open as x.jsonl (same SHA-256, c252794b2f4b…); it was not added again.');
  });
});
