import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupsByLabel, labelHeads } from './evalGroups';

/** The order groupsByLabel promises, by a comparison of texts alone. */
const byTexts = (labels: readonly string[], keys: readonly string[]) =>
  Int32Array.from(labels.keys()).sort((a, b) => (labels[a]! < labels[b]! ? -1 : labels[a]! > labels[b]! ? 1 : keys[a]! < keys[b]! ? -1 : 1));

// Labels from few characters (a shared prefix, NUL, non-ASCII, a lone surrogate), so equal heads, equal labels and prefixes of each other come often.
const char = fc.constantFrom('c', 'a', 's', 'e', '-', '1', '2', ' ', '/', '\u0000', 'é', '\u007f', '\u0080', '\u{1F600}', '\ud800');
const label = fc.tuple(fc.constantFrom('', 'case-', 'case-1'), fc.array(char, { maxLength: 12 })).map(([prefix, cs]) => prefix + cs.join(''));

describe('groupsByLabel', () => {
  it('orders groups as comparing their labels, then keys, as texts does', () => {
    fc.assert(
      fc.property(fc.array(label, { maxLength: 60 }), (labels) => {
        // Keys are distinct, as identity keys are; their order is not the groups' order.
        const keys = labels.map((_, g) => `k${(g * 7919) % 1009}-${g}`);
        expect([...groupsByLabel(labels, keys)]).toEqual([...byTexts(labels, keys)]);
      }),
      { numRuns: 500 },
    );
  });

  it('gives a label ordered before another a head no larger, within the limit', () => {
    fc.assert(
      fc.property(fc.array(label, { minLength: 1, maxLength: 30 }), fc.constantFrom(1e3, 1e9, Number.MAX_SAFE_INTEGER), (labels, limit) => {
        const heads = labelHeads(labels, limit);
        if (heads === null) return;
        for (let a = 0; a < labels.length; a++) {
          expect(heads[a]!).toBeLessThan(limit);
          for (let b = 0; b < labels.length; b++) if (labels[a]! < labels[b]!) expect(heads[a]!).toBeLessThanOrEqual(heads[b]!);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('reads a label with a character just past ASCII as wide, not as a 7-bit digit that carries into the one before', () => {
    const labels = ['\u0000\u0080\u0080', '\u0001'];
    const heads = labelHeads(labels, 1e9)!;
    expect(heads[0]!).toBeLessThan(heads[1]!);
  });

  it('has no heads when not one character fits the limit, and orders equal labels by key', () => {
    const labels = ['b', 'a', 'a'];
    expect(labelHeads(labels, 100)).toBeNull();
    expect([...groupsByLabel(labels, ['k1', 'k3', 'k2'])]).toEqual([2, 1, 0]);
  });
});
