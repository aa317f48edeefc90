import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyze, type Analysis } from './analyze';
import { TaskCheck } from './commands';
import { FindingSink } from './findings';
import type { Finding, ParsedInput } from './model';
import { ReferenceCheck } from './references';
import { ResourceCheck } from './writers';
import { mixedBody, permutationOf } from './test/arbitraries';
import { toInput, type Rec } from './test/build';

/** Every code the writer, reference and task command checks raise, and no other. */
const CHECK_CODES = new Set([
  'reported-success-on-failure',
  'retry-after-conflict',
  'lost-update',
  'unconditional-write',
  'clear-committed-but-reported-failed',
  'stale-reference',
  'dangling-reference',
  'stale-revision',
  'idempotent-replay',
  'idempotency-conflict',
]);

/** The checks as they ran before runSessionChecks: session by session, each walking the session's whole analysis order. */
function checkedSessionBySession(inputs: readonly ParsedInput[], analysis: Analysis): Finding[] {
  const sink = new FindingSink(inputs.map((i) => i.name));
  for (const { session, ordering } of analysis.sessions) {
    const resources = new ResourceCheck(session, sink);
    const references = new ReferenceCheck(session, sink);
    const tasks = new TaskCheck(session, sink);
    for (const r of ordering.analysisOrder) {
      resources.visit(r);
      references.visit(r);
      tasks.visit(r);
    }
    references.end();
  }
  return sink.finish(analysis.records);
}

const withoutUndefined = (r: Record<string, unknown>): Rec => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined));

/**
 * Logs of up to three interleaved sessions. Mostly each record gets its own
 * accept_seq, from a shuffle, so sessions are walked in an acceptance order
 * far from storage order; some records keep the pool's number (missing or
 * shared), so sessions are also walked in storage order.
 */
const interleavedLog: fc.Arbitrary<Rec[]> = fc
  .array(fc.tuple(mixedBody.filter((r) => r.kind !== 'eval'), fc.constantFrom('s1', 's2', 's3'), fc.nat(24)), { maxLength: 40 })
  .chain((rows) => fc.tuple(fc.constant(rows), permutationOf(rows.map((_, i) => i + 1))))
  .map(([rows, seqs]) =>
    rows.map(([body, session, n], i) =>
      withoutUndefined({ ...body, id: `id${i}`, session, accepted: n === 1 ? false : undefined, accept_seq: n === 0 ? body.accept_seq : seqs[i] }),
    ),
  );

describe('runSessionChecks', () => {
  it('finds what the checks find session by session, in the same order', () => {
    fc.assert(
      fc.property(interleavedLog, fc.boolean(), (log, twoFiles) => {
        const half = log.length >> 1;
        const inputs = twoFiles ? [toInput(log.slice(0, half), 'a.jsonl', 0), toInput(log.slice(half), 'b.jsonl', 1)] : [toInput(log)];
        const analysis = analyze(inputs);
        expect(analysis.findings.filter((f) => CHECK_CODES.has(f.code))).toEqual(checkedSessionBySession(inputs, analysis));
      }),
      { numRuns: 500 },
    );
  });

  it('walks each session in acceptance order while the sessions interleave', () => {
    // s1 accepts its write before its read; s2's stale reference needs its clear, stored after, walked first.
    const log: Rec[] = [
      { kind: 'read', id: 'r1', session: 's1', accept_seq: 2, actor: 'a', resource: 'R', version: 'v1' },
      { kind: 'response', id: 'p', session: 's2', accept_seq: 1, response_id: 'resp' },
      { kind: 'write', id: 'w1', session: 's1', accept_seq: 1, actor: 'b', resource: 'R', version: 'v1' },
      { kind: 'request', id: 'q', session: 's2', accept_seq: 3, previous_response_id: 'resp' },
      { kind: 'clear', id: 'c', session: 's2', accept_seq: 2 },
      { kind: 'write', id: 'w2', session: 's1', accept_seq: 3, actor: 'a', resource: 'R', if_match: 'v0', version: 'v2' },
    ];
    const found = analyze([toInput(log)]).findings.filter((f) => CHECK_CODES.has(f.code));
    expect(found.map((f) => [f.code, f.records.map((r) => r.id)])).toEqual([
      ['lost-update', ['w1', 'w2']],
      ['stale-reference', ['p', 'c', 'q']],
      ['unconditional-write', ['w1']],
    ]);
  });
});
