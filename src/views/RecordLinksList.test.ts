import { describe, expect, it } from 'vitest';
import { itemKey, type LinkItem } from './RecordLinksList';

describe('itemKey', () => {
  it('names a reference by its record, so another record\'s references are other rows; referrers are named by themselves', () => {
    const to: LinkItem = { kind: 'to', k: 0, link: { ref: 'r1', targets: [], stale: false } };
    const a = { fileIndex: 0, line: 4 };
    const b = { fileIndex: 0, line: 9 };
    expect(itemKey(to, a)).not.toBe(itemKey(to, b));
    expect(itemKey(to, a)).toBe(itemKey({ ...to }, { ...a }));
    expect(itemKey({ kind: 'by', index: 12 }, a)).toBe(itemKey({ kind: 'by', index: 12 }, b));
  });
});
