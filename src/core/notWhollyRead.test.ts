import { describe, expect, it } from 'vitest';
import { notWhollyRead } from './notWhollyRead';

const input = (name: string, extra: { rejected?: number; partial?: boolean; itemized?: boolean } = {}) => ({
  name,
  itemized: extra.itemized,
  rejected: Array.from({ length: extra.rejected ?? 0 }, (_, i) => ({ line: i + 1, reason: 'not JSON' })),
  notes: [{ line: null, message: 'a note on the whole input' }, ...(extra.partial ? [{ line: null, message: 'the gzip stream ends early', partial: true }] : [])],
});

describe('notWhollyRead', () => {
  it('is null when every line of every input was read, whatever other notes they carry', () => {
    expect(notWhollyRead([input('a.jsonl'), input('b.jsonl')])).toBeNull();
  });

  it('names each input cut off and counts the lines of each that were not records, in its own noun', () => {
    expect(notWhollyRead([input('a.jsonl.gz', { partial: true, rejected: 1 }), input('b.jsonl'), input('c.json', { rejected: 1_200, itemized: true })])).toBe(
      'a.jsonl.gz was not read to its end (see its note); 1 line of a.jsonl.gz was not read as a record (see its rejected lines); 1,200 items of c.json were not read as records (see its rejected items)',
    );
  });

  it('names the first four parts not read and counts the rest', () => {
    const text = notWhollyRead(Array.from({ length: 6 }, (_, i) => input(`f${i}.jsonl`, { rejected: 2 })));
    expect(text).toBe(
      '2 lines of f0.jsonl were not read as records (see its rejected lines); 2 lines of f1.jsonl were not read as records (see its rejected lines); 2 lines of f2.jsonl were not read as records (see its rejected lines); 2 lines of f3.jsonl were not read as records (see its rejected lines); and 2 more (each input\'s row above says what)',
    );
  });
});

describe('notWhollyRead without pointers, where notes and rejected lines are not listed (a comparison)', () => {
  it('says what was not read and points nowhere', () => {
    expect(notWhollyRead([input('a.jsonl.gz', { partial: true, rejected: 2 })], { pointers: false })).toBe('a.jsonl.gz was not read to its end; 2 lines of a.jsonl.gz were not read as records');
    expect(notWhollyRead(Array.from({ length: 5 }, (_, i) => input(`f${i}.jsonl`, { partial: true })), { pointers: false })).toMatch(/f3\.jsonl was not read to its end; and 1 more$/);
  });
});
