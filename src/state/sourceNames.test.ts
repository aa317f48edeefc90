import { describe, expect, it } from 'vitest';
import { sourceFromBytes } from './sources';
import { givenNameOf, withDistinctNames } from './sourceNames';

const named = (...names: string[]) => names.map((n) => sourceFromBytes(n, new Uint8Array([1])));

describe('source names', () => {
  it('number a file named like an earlier one before its extensions, and keep the rest as they are', () => {
    const sources = named('log.jsonl', 'evals.jsonl', 'log.jsonl', 'log.jsonl', 'rollout.jsonl.gz', 'rollout.jsonl.gz', 'README', 'README', '.hidden', '.hidden');
    const out = withDistinctNames(sources);
    expect(out.map((s) => s.name)).toEqual([
      'log.jsonl', 'evals.jsonl', 'log (2).jsonl', 'log (3).jsonl', 'rollout.jsonl.gz', 'rollout (2).jsonl.gz', 'README', 'README (2)', '.hidden', '.hidden (2)',
    ]);
    expect(out[0]).toBe(sources[0]);
    expect(out[2]!.blob).toBe(sources[2]!.blob);
    expect(out[2]!.key).toBe(sources[2]!.key);
    expect(givenNameOf(out[2], '?')).toBe('log.jsonl');
    expect(givenNameOf(out[1], '?')).toBe('evals.jsonl');
  });

  it('do not take a name a later file already has: findings at "log (2).jsonl:1" name the file the user has by that name', () => {
    expect(withDistinctNames(named('log.jsonl', 'log.jsonl', 'log (2).jsonl')).map((s) => s.name)).toEqual(['log.jsonl', 'log (3).jsonl', 'log (2).jsonl']);
  });

  it('number a file added later after every name open, renamed or not', () => {
    const open = withDistinctNames(named('log.jsonl', 'log.jsonl'));
    const added = withDistinctNames([...open, ...named('log (2).jsonl', 'log.jsonl')]);
    expect(added.map((s) => s.name)).toEqual(['log.jsonl', 'log (2).jsonl', 'log (2) (2).jsonl', 'log (3).jsonl']);
    expect(added[1]).toBe(open[1]);
  });

  it('leave names as they were once told apart, so a later load keeps every open file its name', () => {
    const once = withDistinctNames(named('log.jsonl', 'log.jsonl'));
    const again = withDistinctNames(once);
    expect(again[0]).toBe(once[0]);
    expect(again[1]).toBe(once[1]);
  });
});
