import { describe, expect, it } from 'vitest';
import { analyze } from '../core/analyze';
import { directInput } from '../core/test/build';
import { isSmi } from '../io/test/isSmi';
import { packAnalysis, unpackAnalysis } from './packAnalysis';
import { REJECTED_PER_TASK } from './packRejected';

/** Two inputs, the second with more rejected lines than the page rebuilds in one task. */
function withRejected() {
  const many = Array.from({ length: 2 * REJECTED_PER_TASK + 3 }, (_, i) => ({ line: i + 2, reason: `line ${i + 2}: accept_seq must be a non-negative integer, got "${i}"` }));
  const a = { ...directInput([{ kind: 'input', id: 'a1', op: 'allow', accept_seq: 1 }], 'a.jsonl'), rejected: [{ line: 2, reason: 'line 2: not valid JSON (Unexpected end of JSON input)' }] };
  const b = { ...directInput([{ kind: 'input', id: 'b1', op: 'revoke', accept_seq: 1 }], 'b.jsonl'), rejected: many };
  return analyze([a, b]);
}

describe("the inputs' rejected lines, packed", () => {
  it('cross as columns beside the skeleton, which holds none of them, and are rebuilt whole in input order', async () => {
    const analysis = withRejected();
    const { packed, transfer } = packAnalysis(analysis);
    expect(JSON.stringify(packed.skeleton, (_, v: unknown) => (typeof v === 'bigint' ? 0 : v instanceof BigInt64Array ? [] : v))).not.toContain('accept_seq must be');
    expect(transfer).toContain(packed.rejected[1]!.lines.buffer);
    const back = await unpackAnalysis(structuredClone(packed), async () => undefined);
    expect(back.inputs.map((input) => input.rejected)).toEqual(analysis.inputs.map((input) => input.rejected));
    expect(back.inputs[1]!.rejected.every((r) => isSmi(r.line))).toBe(true);
    expect(back.inputs[0]!.records[0]).toBe(back.records[0]);
  });

  it('are rebuilt a stretch at a time, the page yielding between stretches', async () => {
    const { packed } = packAnalysis(withRejected());
    let yields = 0;
    await unpackAnalysis(packed, async () => {
      yields++;
    });
    // Two yields inside the second input's 2 × REJECTED_PER_TASK + 3 lines, whatever the records and findings add.
    let without = 0;
    await unpackAnalysis({ ...packed, rejected: packed.rejected.map((p) => ({ lines: p.lines.subarray(0, 1), reasons: { text: p.reasons.text, ends: p.reasons.ends.subarray(0, 1) } })) }, async () => {
      without++;
    });
    expect(yields - without).toBe(2);
  });

  it('are counted across the inputs: many inputs each of fewer lines than a stretch are not rebuilt in one task', async () => {
    const inputs = ['a', 'b', 'c'].map((name) => ({
      ...directInput([{ kind: 'input', id: name, op: 'allow', accept_seq: 1 }], `${name}.jsonl`),
      rejected: Array.from({ length: REJECTED_PER_TASK - 1 }, (_, i) => ({ line: i + 2, reason: `line ${i + 2}: not valid JSON (${name})` })),
    }));
    const analysis = analyze(inputs);
    const { packed } = packAnalysis(analysis);
    let yields = 0;
    const back = await unpackAnalysis(packed, async () => {
      yields++;
    });
    expect(back.inputs.map((input) => input.rejected)).toEqual(analysis.inputs.map((input) => input.rejected));
    let without = 0;
    await unpackAnalysis({ ...packed, rejected: packed.rejected.map((p) => ({ lines: p.lines.subarray(0, 1), reasons: { text: p.reasons.text, ends: p.reasons.ends.subarray(0, 1) } })) }, async () => {
      without++;
    });
    // 3 × (REJECTED_PER_TASK − 1) lines in all: a yield after the first and second REJECTED_PER_TASK of them.
    expect(yields - without).toBe(2);
  });
});
