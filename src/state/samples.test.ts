import { describe, expect, it } from 'vitest';
import { parseManifest } from './samples';

describe('sample manifest', () => {
  it('keeps well-formed entries and drops the rest', () => {
    const good = { file: 'o1-flip.jsonl', title: 'O1', description: 'flip', family: 'order', cutoff: 1 };
    expect(parseManifest([good, { file: '../x', title: 'a', description: 'b', family: 'c' }, { file: 'y.jsonl' }, null])).toEqual([good]);
    expect(parseManifest({ samples: [] })).toEqual([]);
  });
});
