import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameComparableContent } from './recordIdentity';
import type { JsonObject, SeqRecord } from './model';
import { comparableContent } from './recordIdentity';

const key = fc.constantFrom('kind', 'id', 'ts', 'accept_seq', 'accepted_at', 'value', '__proto__', 'constructor');
const value = fc.oneof(fc.constantFrom(null, 0, -0, 1, 'a', 'b', true, [], {}), fc.jsonValue({ maxDepth: 2 }));
const data = fc.dictionary(key, value, { maxKeys: 5 }).map((d) => JSON.parse(JSON.stringify(d)) as JsonObject);
const asRecord = (d: JsonObject) => ({ data: d }) as SeqRecord;

describe('sameComparableContent', () => {
  it('says what comparing the comparable contents as text says', () => {
    fc.assert(
      fc.property(data, data, fc.boolean(), (a, b, near) => {
        // Half the time b is a's near copy: only the uncompared fields changed, or one compared field.
        const other = near ? ({ ...a, ts: 'later', ...(Object.keys(b).length % 2 ? { value: b.value ?? 1 } : {}) } as JsonObject) : b;
        expect(sameComparableContent(a, other)).toBe(comparableContent(asRecord(a)) === comparableContent(asRecord(other)));
      }),
      { numRuns: 2000 },
    );
  });

  it('reads a field named __proto__ as data, not the prototype', () => {
    const a = JSON.parse('{"__proto__":{"x":1},"ts":1}') as JsonObject;
    const b = JSON.parse('{"__proto__":{"x":2},"ts":1}') as JsonObject;
    expect(sameComparableContent(a, b)).toBe(false);
    expect(sameComparableContent(a, JSON.parse('{"__proto__":{"x":1}}') as JsonObject)).toBe(true);
  });
});
