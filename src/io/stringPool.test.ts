import { describe, expect, it } from 'vitest';
import { StringPool } from './stringPool';

/** A string equal to `s` but made apart from it, as JSON.parse makes one per line. */
const fresh = (s: string) => JSON.parse(JSON.stringify(s)) as string;

describe('StringPool', () => {
  it('gives an equal string every time', () => {
    const pool = new StringPool(4);
    for (let i = 0; i < 3; i++) expect(pool.intern(fresh('tenant-a/calendar/evt-34'))).toBe('tenant-a/calendar/evt-34');
  });

  it('stays within its capacity: when full it starts again and still answers with equal strings', () => {
    const pool = new StringPool(3);
    const values = Array.from({ length: 20 }, (_, i) => `resource-number-${i % 7}`);
    for (const v of values) expect(pool.intern(fresh(v))).toBe(v);
    expect((pool as unknown as { pooled: Map<string, string> }).pooled.size).toBeLessThanOrEqual(3);
  });

  it('passes other values through shared unchanged', () => {
    const pool = new StringPool();
    const obj = { a: 1 };
    expect(pool.shared(obj)).toBe(obj);
    expect(pool.shared(7)).toBe(7);
    expect(pool.shared(null)).toBe(null);
    expect(pool.shared('short')).toBe('short');
  });
});
