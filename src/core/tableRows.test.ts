import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RecordColumns } from './recordColumns';
import { TableRows } from './tableRows';

/** A table of `count` rows, each row's line its own number, so a position's row reads back. */
const tableOf = (count: number, fileIndex: number): RecordColumns =>
  ({ fileIndex, count, line: Int32Array.from({ length: count }, (_, i) => i + 1) }) as unknown as RecordColumns;

describe('TableRows', () => {
  it('finds each position\'s table and row, empty tables among them', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 12 }), (counts) => {
        const rows = new TableRows(
          counts.map((n, t) => tableOf(n, t)),
          counts.map((_, t) => `f${t}`),
        );
        const expected = counts.flatMap((n, t) => Array.from({ length: n }, (_, i) => ({ t, line: i + 1 })));
        expect(rows.count).toBe(expected.length);
        expected.forEach(({ t, line }, p) => {
          expect(rows.tableOf(p)).toBe(t);
          expect(rows.fileIndex(p)).toBe(t);
          expect(rows.line(p)).toBe(line);
        });
      }),
    );
  });
});
