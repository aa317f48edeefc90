import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { JsonObject, SeqRecord } from './model';
import type { OrderingEvidence } from './ordering';
import { computeReplays, type InputEffect } from './replay';
import { scannedSession } from './test/build';

/** The acceptance replay step by step: each usable input's effects applied in accept_seq order, each list in its order. */
function acceptanceByReplay(ordering: OrderingEvidence, effects: readonly (readonly InputEffect[] | null)[]): Map<string, { value: unknown; setter: SeqRecord }> {
  const state = new Map<string, { value: unknown; setter: SeqRecord }>();
  for (const i of ordering.bySeq) {
    const list = effects[i];
    if (!list || !ordering.usable[i]) continue;
    for (const e of list) state.set(e.key, { value: e.value, setter: ordering.participants[i]! });
  }
  return state;
}

// Few keys and values, numbers from a small range: shared and missing numbers, and one key set twice by one input, come often.
const key = fc.constantFrom('a', 'b', 'c');
const seq = fc.option(fc.integer({ min: 1, max: 12 }), { nil: undefined });
const input = fc.oneof(
  fc.record({ op: fc.constantFrom('allow', 'revoke', 'unset', 'frobnicate'), key }),
  fc.record({ op: fc.constant('set'), key, value: fc.integer({ min: 0, max: 3 }) }),
  fc.record({ effects: fc.array(fc.record({ key, value: fc.integer({ min: 0, max: 3 }) }), { maxLength: 4 }) }),
);
const participant = fc.tuple(fc.oneof({ weight: 4, arbitrary: input.map((d): JsonObject => ({ kind: 'input', ...d })) }, { weight: 1, arbitrary: fc.constant<JsonObject>({ kind: 'read' }) }), seq);

describe('computeReplays', () => {
  it('finds in one walk in storage order what the acceptance replay step by step finds, values and setters', () => {
    fc.assert(
      fc.property(fc.array(participant, { maxLength: 24 }), (rows) => {
        const { scan, seqs, ordering } = scannedSession(rows);
        const expected = acceptanceByReplay(ordering, scan.effects);
        for (const k of computeReplays(ordering, scan.effects, seqs).keys) {
          const step = expected.get(k.key);
          if (k.acceptanceSetter === null) {
            expect(ordering.hasAcceptanceOrder && k.unusableInputs.length === 0 && step !== undefined).toBe(false);
          } else {
            expect(k.acceptanceSetter).toBe(step!.setter);
            expect(k.acceptance).toEqual(step!.value);
          }
        }
      }),
      { numRuns: 500 },
    );
  });
});
