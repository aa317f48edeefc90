/**
 * Pathological logs must cost linear-ish work. Counted, not timed (timings
 * flake on a shared machine and belong in `npm run bench`): each case counts
 * the engine's reads of the records' data, at any depth, and the array
 * elements it steps over, on n and on 2n records. Linear work doubles, n log n
 * a little more, quadratic work grows 4×; the bound of 2.5× sits between.
 * Each guard was seen to fail with its bug put back: notices marking a failed
 * write again for each notice naming it (3.97×), an idempotency key's
 * original payload rewritten in canonical form at each reuse (4.0×). Not seen
 * by any count here: the writers case's old scan back through a resource's
 * writes walked a list of the engine's own (no data read, no array method),
 * so that case guards only data reads and array work; timing it belongs in
 * a bench case (scripts/bench*.ts has none for it yet).
 */
import { describe, expect, it } from 'vitest';
import { analyze } from './analyze';
import type { JsonObject } from './model';
import { directInput } from './test/build';
import { countArrayWork, countedReads, workGrowth } from './test/countedWork';

const LINEAR_BOUND = 2.5;

/** The engine's work on the records `make(n)`: reads of their data and array elements stepped over. */
function engineWork(make: (n: number) => JsonObject[]): (n: number) => number {
  return (n) => {
    const counter = { reads: 0 };
    const input = directInput(make(n));
    const counted = { ...input, records: input.records.map((r) => ({ ...r, data: countedReads(r.data, counter) })) };
    const { steps } = countArrayWork(() => analyze([counted]));
    return counter.reads + steps;
  };
}

function growth(make: (n: number) => JsonObject[], n: number): number {
  return workGrowth(engineWork(make), n);
}

describe('the engine stays linear-ish on pathological logs', () => {
  it('a million records sharing one accept_seq: one finding names them all, its message only the first few', () => {
    const n = 1_000_000;
    const datas: JsonObject[] = [];
    for (let i = 0; i < n; i++) datas.push({ kind: 'notice', id: `n${i}`, accept_seq: 7 });
    const analysis = analyze([directInput(datas)]);
    const dup = analysis.findings.filter((f) => f.code === 'duplicate-accept-seq');
    expect(dup).toHaveLength(1);
    expect(dup[0]!.records).toHaveLength(n);
    expect(dup[0]!.message).toMatch(/^accept_seq 7 is shared by n0 \(line 1\), .* and 999,994 more;/);
    expect(dup[0]!.message.length).toBeLessThan(300);
  });

  it('duplicate numbers', () => {
    expect(growth((n) => Array.from({ length: n }, (_, i) => ({ kind: 'input', id: `i${i}`, accept_seq: i % 3, op: 'allow' })), 2_000)).toBeLessThan(LINEAR_BOUND);
  });

  it('a previous_response_id chain as deep as the log is long', () => {
    const chain = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ kind: 'response', id: `r${i}`, accept_seq: i, response_id: `resp${i}`, ...(i > 0 ? { previous_response_id: `resp${i - 1}` } : {}) }));
    expect(growth(chain, 2_000)).toBeLessThan(LINEAR_BOUND);
    const analysis = analyze([directInput(chain(1_000_000))]);
    expect(analysis.findings.filter((f) => f.code.includes('reference'))).toEqual([]);
  });

  it('many clears, each followed by a reference to every id before it', () => {
    const clears = (n: number) =>
      Array.from({ length: n }, (_, i): JsonObject =>
        i % 3 === 0
          ? { kind: 'response', id: `r${i}`, accept_seq: i, response_id: `resp${i}` }
          : i % 3 === 1
            ? { kind: 'clear', id: `c${i}`, accept_seq: i, outcome: 'error', committed: true }
            : { kind: 'request', id: `q${i}`, accept_seq: i, refs: [`resp${i - 2}`, 'resp0', 'nowhere'] },
      );
    expect(growth(clears, 2_000)).toBeLessThan(LINEAR_BOUND);
  });

  it('many unconditional writers on one resource, one of them writing again and again', () => {
    // The agent read once, the user wrote once, and every later write is the agent's: each one overwrote the user's change.
    const writers = (n: number) => [
      { kind: 'read', id: 'first-read', accept_seq: 0, actor: 'agent', resource: 'R', version: 'v0' },
      ...Array.from({ length: n }, (_, i): JsonObject => ({
        kind: 'write',
        id: `w${i}`,
        accept_seq: i + 1,
        actor: i === 0 ? 'user' : 'agent',
        resource: 'R',
        version: `v${i + 1}`,
        fields: { n: i },
      })),
    ];
    expect(growth(writers, 2_000)).toBeLessThan(LINEAR_BOUND);
  });

  it('many failed writes with one id, and many notices naming it', () => {
    const notices = (n: number) =>
      Array.from({ length: n }, (_, i): JsonObject =>
        i % 2 === 0
          ? { kind: 'write', id: 'w', accept_seq: i, actor: 'agent', resource: `R${i % 7}`, if_match: 'old', outcome: 'conflict', fields: { n: 1 } }
          : { kind: 'notice', id: `n${i}`, accept_seq: i, ref: 'w' },
      );
    expect(growth(notices, 2_000)).toBeLessThan(LINEAR_BOUND);
  });

  it('many idempotency keys, and one key reused with a large payload', () => {
    // The payload grows with the log: rewriting it in canonical form for each reuse of its key costs n².
    const big = (n: number): JsonObject => ({ rows: Array.from({ length: n }, (_, i) => ({ i, text: 'x'.repeat(20) })) });
    const commands = (n: number) =>
      Array.from({ length: n }, (_, i): JsonObject => ({
        kind: 'command',
        id: `c${i}`,
        accept_seq: i,
        idempotency_key: i % 2 === 0 ? `key${i}` : 'shared',
        payload: i === 1 ? big(n) : { i },
      }));
    expect(growth(commands, 2_000)).toBeLessThan(LINEAR_BOUND);
  });

  it('many eval records under one identity', () => {
    const evals = (n: number) => Array.from({ length: n }, (_, i): JsonObject => ({ kind: 'eval', id: 'same', status: i % 2 ? 'pass' : 'fail', score: i % 2 }));
    expect(growth(evals, 2_000)).toBeLessThan(LINEAR_BOUND);
  });

  it('many eval records under one identity, every one a different variant', () => {
    const variants = (n: number) => Array.from({ length: n }, (_, i): JsonObject => ({ kind: 'eval', id: 'same', status: 'pass', note: `n${i}` }));
    expect(growth(variants, 2_000)).toBeLessThan(LINEAR_BOUND);
  });

  it('one eval case run many times, and one run over many cases', () => {
    const sweep = (n: number) => Array.from({ length: n }, (_, i): JsonObject => (i % 2 ? { kind: 'eval', case_id: 'c', run_id: `r${i}`, status: 'pass' } : { kind: 'eval', case_id: `c${i}`, run_id: 'r', status: 'fail' }));
    expect(growth(sweep, 2_000)).toBeLessThan(LINEAR_BOUND);
  });
});
