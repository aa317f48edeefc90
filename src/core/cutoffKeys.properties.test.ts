import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical';
import { buildCutoffIndex, settersAtCutoff, stateAtCutoff, storagePrefixEnd, type CutoffIndex } from './cutoff';
import { buildCutoffKeyIndex, cutoffKeyRows, cutoffKeyStateAt, FLAGGED, stepCutoffKeyState, type CutoffKeyIndex, type CutoffKeyState } from './cutoffKeys';
import type { JsonObject, JsonValue, StateValue } from './model';
import { computeReplays } from './replay';
import { buildStoragePrefixIndex, storagePrefixState, type StoragePrefixIndex } from './storagePrefix';
import { scannedSession } from './test/build';

/** The table at N made key by key from whole states: what the page did before it stepped from one cutoff to the next. */
function rowsByWholeStates(index: CutoffIndex, prefix: StoragePrefixIndex, n: number) {
  const acceptance = stateAtCutoff(index, n);
  const accSetters = settersAtCutoff(index, n);
  const { state: storage, setters: stoSetters } = storagePrefixState(prefix, storagePrefixEnd(index, n));
  const keys = [...new Set([...Object.keys(acceptance), ...Object.keys(storage), ...index.unknownKeys])].sort();
  const same = (a: StateValue | undefined, b: StateValue | undefined) => (a === undefined || b === undefined ? a === b : canonicalJson(a) === canonicalJson(b));
  return keys.map((key) => ({
    key,
    acceptance: acceptance[key],
    storage: storage[key],
    undetermined: index.unknownKeys.includes(key),
    differs: !same(acceptance[key], storage[key]),
    acceptanceSetter: accSetters.get(key) ?? null,
    storageSetter: stoSetters.get(key) ?? null,
  }));
}

// Few keys and values, numbers from a small range: shared and missing numbers, keys set again, and values that are objects.
const key = fc.constantFrom('a', 'b', 'c', 'd', '__proto__');
const value: fc.Arbitrary<JsonValue> = fc.oneof(fc.integer({ min: 0, max: 2 }), fc.constantFrom('unknown', 'x'), fc.constant<JsonValue>({ y: 1, z: [1] }), fc.constant<JsonValue>({ z: [1], y: 1 }));
const seq = fc.option(fc.integer({ min: 1, max: 10 }), { nil: undefined });
const input = fc.oneof(
  fc.record({ op: fc.constantFrom('allow', 'revoke', 'unset'), key }),
  fc.record({ op: fc.constant('set'), key, value }),
  fc.record({ effects: fc.array(fc.record({ key, value }), { maxLength: 3 }) }),
);
const participant = fc.tuple(fc.oneof({ weight: 4, arbitrary: input.map((d): JsonObject => ({ kind: 'input', ...d })) }, { weight: 1, arbitrary: fc.constant<JsonObject>({ kind: 'read' }) }), seq);

function sessionOf(rows: readonly [JsonObject, number | undefined][]): { index: CutoffIndex; prefix: StoragePrefixIndex; keys: CutoffKeyIndex } {
  const { scan, seqs, ordering } = scannedSession(rows);
  const index = buildCutoffIndex(ordering, computeReplays(ordering, scan.effects, seqs));
  const prefix = buildStoragePrefixIndex(ordering);
  return { index, prefix, keys: buildCutoffKeyIndex(index, prefix) };
}

describe('the keys at a cutoff, stepped from the cutoff before', () => {
  it('list what whole states at each cutoff list, values, setters and flags, whatever the path of cutoffs', () => {
    fc.assert(
      fc.property(fc.array(participant, { maxLength: 20 }), fc.array(fc.integer({ min: 0, max: 11 }), { minLength: 1, maxLength: 8 }), (rows, path) => {
        const { index, prefix, keys } = sessionOf(rows);
        let state: CutoffKeyState | null = null;
        let stepped: CutoffKeyState | null = null;
        for (const n of path) {
          state = cutoffKeyStateAt(keys, n, storagePrefixEnd(index, n), state);
          stepped = stepped === null ? state : stepCutoffKeyState(keys, stepped, n, storagePrefixEnd(index, n));
          const expected = rowsByWholeStates(index, prefix, n);
          expect(cutoffKeyRows(keys, state, false)).toEqual(expected);
          expect(state.listed).toBe(expected.length);
          expect(state.flagged).toBe(expected.filter((r) => r.undetermined || r.differs).length);
          expect(cutoffKeyRows(keys, state, true).map((r) => r.key)).toEqual(expected.filter((r) => r.undetermined || r.differs).map((r) => r.key));
          // Stepped however far, the state equals the state worked out afresh.
          const fresh = cutoffKeyStateAt(keys, n, storagePrefixEnd(index, n), null);
          for (const s of [state, stepped]) {
            expect([...s.accAt, ...s.stoAt, ...s.flags]).toEqual([...fresh.accAt, ...fresh.stoAt, ...fresh.flags]);
            expect([s.listed, s.flagged]).toEqual([fresh.listed, fresh.flagged]);
          }
        }
      }),
      { numRuns: 400 },
    );
  });

  it('leaves the state it stepped from as it was', () => {
    const rows: [JsonObject, number][] = [];
    for (let i = 0; i < 2000; i++) rows.push([{ kind: 'input', op: 'set', key: `k${i}`, value: i }, i + 1]);
    const { index, keys } = sessionOf(rows);
    const at1000 = cutoffKeyStateAt(keys, 1000, storagePrefixEnd(index, 1000), null);
    const at1001 = cutoffKeyStateAt(keys, 1001, storagePrefixEnd(index, 1001), at1000);
    expect(at1001.listed).toBe(1001);
    expect([...at1001.flags].filter((f) => f & FLAGGED)).toEqual([]);
    expect(at1000.listed).toBe(1000);
    expect(at1000.accAt[keys.keys.indexOf('k1000')]).toBe(-1);
    expect(at1001.accAt[keys.keys.indexOf('k1000')]).toBe(0);
  });
});
