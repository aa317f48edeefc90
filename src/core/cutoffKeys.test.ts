import { describe, expect, it, vi } from 'vitest';
import { sameJson } from './canonical';
import { buildCutoffIndex, storagePrefixEnd } from './cutoff';
import { buildCutoffKeyIndex, cutoffKeyStateAt } from './cutoffKeys';
import type { JsonObject } from './model';
import { computeReplays } from './replay';
import { buildStoragePrefixIndex } from './storagePrefix';
import { scannedSession } from './test/build';

vi.mock('./canonical', async (original) => {
  const actual = await original<typeof import('./canonical')>();
  return { ...actual, sameJson: vi.fn(actual.sameJson) };
});

describe('a cutoff step over many keys', () => {
  it('compares the two values of only the keys the changes between the two cutoffs touch, not of every key', () => {
    const keys = 2000;
    const rows: [JsonObject, number][] = [];
    for (let i = 0; i < keys; i++) rows.push([{ kind: 'input', op: 'set', key: `k${i}`, value: { v: i } }, i + 1]);
    const { scan, seqs, ordering } = scannedSession(rows);
    const index = buildCutoffIndex(ordering, computeReplays(ordering, scan.effects, seqs));
    const keyIndex = buildCutoffKeyIndex(index, buildStoragePrefixIndex(ordering));
    const compared = vi.mocked(sameJson);
    compared.mockClear();
    const at1000 = cutoffKeyStateAt(keyIndex, 1000, storagePrefixEnd(index, 1000), null);
    expect(compared.mock.calls.length).toBeGreaterThanOrEqual(1000);
    compared.mockClear();
    let state = at1000;
    for (const n of [1001, 1002, 1001, 999]) state = cutoffKeyStateAt(keyIndex, n, storagePrefixEnd(index, n), state);
    // Five changes crossed (three forward, two back), each touching one key on each side.
    expect(compared.mock.calls.length).toBeLessThanOrEqual(5 * 2);
    expect(state.listed).toBe(999);
  });
});
