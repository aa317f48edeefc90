import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RowOffsets } from './rowOffsets';

/** The same list kept the plain way: every height in an array, offsets summed from the top. */
class Naive {
  sizes: number[];
  constructor(
    count: number,
    readonly estimate: number,
  ) {
    this.sizes = Array.from({ length: count }, () => estimate);
  }
  start(i: number): number {
    let sum = 0;
    for (let k = 0; k < i; k++) sum += this.sizes[k]!;
    return sum;
  }
  indexAt(offset: number): number {
    let start = 0;
    for (let i = 0; i < this.sizes.length; i++) {
      start += this.sizes[i]!;
      if (start > Math.max(0, offset)) return i;
    }
    return this.sizes.length - 1;
  }
}

const close = (a: number, b: number) => Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(b));

describe('RowOffsets', () => {
  it('starts every row at the estimate and places measured rows by their heights', () => {
    const rows = new RowOffsets(5, 10);
    expect(rows.total()).toBe(50);
    expect(rows.start(3)).toBe(30);
    expect(rows.set(1, 25.5)).toBe(15.5);
    expect(rows.isMeasured(1)).toBe(true);
    expect(rows.isMeasured(2)).toBe(false);
    expect([rows.start(0), rows.start(1), rows.start(2), rows.end(2), rows.start(5)]).toEqual([0, 10, 35.5, 45.5, 65.5]);
    expect(rows.total()).toBe(65.5);
    expect([rows.indexAt(-4), rows.indexAt(9.9), rows.indexAt(10), rows.indexAt(35.4), rows.indexAt(35.5), rows.indexAt(1e9)]).toEqual([0, 0, 1, 1, 2, 4]);
    // Setting the same height again changes nothing.
    expect(rows.set(1, 25.5)).toBe(0);
  });

  it('never finds a row of no height at an offset, and takes a negative height as none', () => {
    const rows = new RowOffsets(4, 10);
    rows.set(1, 0);
    rows.set(2, -3);
    expect(rows.size(2)).toBe(0);
    expect(rows.indexAt(10)).toBe(3);
    expect(rows.total()).toBe(20);
    // Nor before the list: an offset above the top is the top, where the first row with height is drawn.
    rows.set(0, 0);
    expect([rows.indexAt(-1e-6), rows.indexAt(-50), rows.indexAt(0)]).toEqual([3, 3, 3]);
    // Nor a row whose heights measured, added and taken away again, leave a rounding error where there is nothing.
    const redrawn = new RowOffsets(4, 40);
    for (const h of [40, 0.1, 0]) redrawn.set(0, h);
    redrawn.set(1, 0.7);
    redrawn.forget(1);
    redrawn.set(1, 0);
    expect([redrawn.indexAt(-1), redrawn.indexAt(0), redrawn.start(2)]).toEqual([2, 2, 0]);
  });

  it('keeps the heights measured of the rows that remain when the count changes, and has no row in an empty list', () => {
    const rows = new RowOffsets(4, 10);
    rows.set(0, 30);
    rows.set(3, 50);
    rows.reset(6, 10);
    expect([rows.size(0), rows.size(3), rows.size(5), rows.total()]).toEqual([30, 50, 10, 120]);
    rows.reset(2, 10);
    expect(rows.total()).toBe(40);
    rows.reset(2, 20);
    expect([rows.size(0), rows.size(1), rows.total()]).toEqual([30, 20, 50]);
    rows.reset(0, 20);
    expect([rows.indexAt(5), rows.total(), rows.start(3)]).toEqual([-1, 0, 0]);
  });

  it('agrees with a plain prefix sum over any sequence of heights set, offsets and rows found', () => {
    const op = fc.oneof(
      fc.record({ set: fc.nat(), height: fc.oneof(fc.double({ min: 0, max: 500, noNaN: true }), fc.constant(0)) }),
      fc.record({ start: fc.nat() }),
      fc.record({ at: fc.double({ min: -50, max: 60_000, noNaN: true }) }),
      fc.record({ count: fc.oneof(fc.integer({ min: 0, max: 300 }), fc.constantFrom(1, 2, 4, 8, 16, 32, 64)) }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 300 }), fc.double({ min: 1, max: 80, noNaN: true }), fc.array(op, { maxLength: 80 }), (count, estimate, ops) => {
        const rows = new RowOffsets(count, estimate);
        let naive = new Naive(count, estimate);
        for (const o of ops) {
          const n = naive.sizes.length;
          if ('count' in o) {
            rows.reset(o.count, estimate);
            const kept = naive.sizes.slice(0, o.count);
            naive = new Naive(o.count, estimate);
            naive.sizes.splice(0, kept.length, ...kept);
          } else if ('set' in o) {
            if (n === 0) continue;
            rows.set(o.set % n, o.height);
            naive.sizes[o.set % n] = o.height;
          } else if ('start' in o) {
            const i = o.start % (n + 1);
            expect(close(rows.start(i), naive.start(i))).toBe(true);
          } else {
            const found = rows.indexAt(o.at);
            const want = n === 0 ? -1 : naive.indexAt(o.at);
            // Rounding may place an offset a hair from a row's edge in the next row: both rows touch it (an offset above the list is its top).
            if (found !== want) expect(close(rows.start(Math.max(found, want)), Math.max(0, o.at))).toBe(true);
          }
          const sum = naive.start(naive.sizes.length);
          expect(close(rows.total(), sum)).toBe(true);
          expect(close(rows.start(naive.sizes.length), sum)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('measures a row far from the end of a million rows, and finds offsets there, touching O(log n) entries', () => {
    const n = 1_000_000;
    const rows = new RowOffsets(n, 64);
    rows.work = 0;
    rows.set(3, 80);
    rows.set(500_000, 90.25);
    const perSet = rows.work / 2;
    rows.work = 0;
    const start = rows.start(999_999);
    const found = rows.indexAt(start);
    const perRead = rows.work / 2;
    expect(found).toBe(999_999);
    expect(start).toBe(999_999 * 64 + 16 + 26.25);
    // log2(10^6) ≈ 20: a measurement relaid out from row 3 to the end would touch ~10^6.
    expect(perSet).toBeLessThanOrEqual(21);
    expect(perRead).toBeLessThanOrEqual(21);
    // Setting the same height again touches nothing, nor does a new estimate; only a new count goes over every row.
    rows.work = 0;
    rows.set(3, 80);
    rows.reset(n, 64);
    rows.reset(n, 70);
    expect(rows.work).toBe(0);
    expect(rows.start(999_999)).toBe(999_997 * 70 + 80 + 90.25);
    rows.work = 0;
    rows.reset(n + 1, 64);
    expect(rows.work).toBe(n + 1);
  });

  it('takes a row not measured, adaptive, as high as the mean of the rows measured above 0', () => {
    const rows = new RowOffsets(10, 64);
    rows.adaptive = true;
    expect(rows.total()).toBe(640);
    expect(rows.set(0, 100)).toBe(36);
    expect([rows.estimate, rows.total(), rows.start(5)]).toEqual([100, 1000, 500]);
    rows.set(1, 120);
    rows.set(9, 0);
    // A row hidden (0 high) says nothing of the others' height.
    expect([rows.estimate, rows.size(4), rows.start(3), rows.total()]).toEqual([110, 110, 330, 100 + 120 + 7 * 110]);
    // A row first measured at the mean moves nothing.
    expect(rows.set(2, 110)).toBe(0);
    rows.adaptive = false;
    expect([rows.estimate, rows.start(4)]).toEqual([64, 100 + 120 + 110 + 64]);
  });

  it('agrees, adaptive, with a plain sum taking each row not measured at the mean of those measured, in O(log n) a measurement', () => {
    const op = fc.oneof(
      fc.record({ set: fc.nat(), height: fc.oneof(fc.double({ min: 0, max: 500, noNaN: true }), fc.constant(0), fc.constant(40)) }),
      fc.record({ start: fc.nat() }),
      fc.record({ at: fc.double({ min: -50, max: 60_000, noNaN: true }) }),
      fc.record({ count: fc.integer({ min: 0, max: 300 }) }),
      fc.record({ forget: fc.nat() }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 300 }), fc.array(op, { maxLength: 80 }), (count, ops) => {
        const rows = new RowOffsets(count, 40);
        rows.adaptive = true;
        let measured: (number | null)[] = Array.from({ length: count }, () => null);
        const tall = () => measured.filter((h): h is number => h !== null && h > 0);
        const guess = () => (tall().length === 0 ? 40 : tall().reduce((a, b) => a + b, 0) / tall().length);
        const start = (i: number) => measured.slice(0, i).reduce((sum: number, h) => sum + (h ?? guess()), 0);
        for (const o of ops) {
          const n = measured.length;
          if ('count' in o) {
            rows.reset(o.count, 40);
            measured = Array.from({ length: o.count }, (_, k) => measured[k] ?? null);
          } else if ('set' in o) {
            if (n === 0) continue;
            const before = rows.work;
            rows.set(o.set % n, o.height);
            measured[o.set % n] = Math.max(0, o.height);
            expect(rows.work - before).toBeLessThanOrEqual(Math.ceil(Math.log2(n)) + 1);
          } else if ('forget' in o) {
            if (n === 0) continue;
            const before = rows.work;
            rows.forget(o.forget % n);
            measured[o.forget % n] = null;
            expect(rows.work - before).toBeLessThanOrEqual(Math.ceil(Math.log2(n)) + 1);
            expect(rows.measured).toBe(measured.filter((h) => h !== null).length);
          } else if ('start' in o) {
            const i = o.start % (n + 1);
            expect(close(rows.start(i), start(i))).toBe(true);
          } else if (n > 0) {
            const found = rows.indexAt(o.at);
            const clamped = Math.max(0, o.at);
            const want = measured.findIndex((_, i) => start(i + 1) > clamped);
            const expected = want < 0 ? n - 1 : want;
            if (found !== expected) expect(close(rows.start(Math.max(found, expected)), clamped)).toBe(true);
          }
          expect(close(rows.total(), start(measured.length))).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });
});
