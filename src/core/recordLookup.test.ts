import { describe, expect, it } from 'vitest';
import { storageOrderLookup } from './recordLookup';
import { directInput } from './test/build';

describe('the storage-order lookup', () => {
  const a = directInput([{ kind: 'read', id: 'a' }, { kind: 'read', id: 'b' }, { kind: 'read', id: 'c' }]).records;
  const b = directInput([{ kind: 'read', id: 'd' }, { kind: 'read', id: 'e' }]).records.map((r) => ({ ...r, fileIndex: 1 }));

  it('finds every record of a list in storage order, and nothing else', () => {
    const list = [...a, ...b];
    const lookup = storageOrderLookup(list);
    list.forEach((r, i) => expect(lookup.get(r)).toBe(i));
    expect(lookup.get({ ...a[1]! })).toBeUndefined();
    const sub = storageOrderLookup([a[0]!, a[2]!, b[1]!]);
    expect([sub.get(a[2]!), sub.get(b[1]!), sub.get(a[1]!)]).toEqual([1, 2, undefined]);
  });

  it('a list out of that order (records sharing a line) still finds each record', () => {
    const shared = [a[0]!, { ...a[1]!, line: 1 }, a[2]!];
    const lookup = storageOrderLookup(shared);
    shared.forEach((r, i) => expect(lookup.get(r)).toBe(i));
  });
});
