/** fast-check generators of native records, from small pools so that identities, keys and numbers collide often. */
import fc from 'fast-check';
import type { Rec } from './build';

/** Drops undefined fields, keeping a fixed key order. */
function compact(r: Record<string, unknown>): Rec {
  return Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined));
}

const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });

/** One spelling per normalised status, plus unknown ones, so "exact repeat" is unambiguous. */
export const STATUS_WORDS = ['pass', 'fail', 'error', 'skip', 'bogus'] as const;

export const evalRecord: fc.Arbitrary<Rec> = fc
  .record({
    id: maybe(fc.constantFrom('A', 'B', 'C')),
    case_id: maybe(fc.constantFrom('T', 'U')),
    run_id: maybe(fc.constantFrom('r1', 'r2')),
    status: maybe(fc.constantFrom(...STATUS_WORDS)),
    score: maybe(fc.constantFrom(0, 0.5, 1)),
    note: maybe(fc.constantFrom('a', 'b', 'c')),
  })
  .map((r) => compact({ kind: 'eval', id: r.id, case_id: r.case_id, run_id: r.run_id, status: r.status, score: r.score, note: r.note }));

const seq = maybe(fc.integer({ min: 0, max: 6 }));

/** An input record without id or accepted flag (callers add them). */
export const inputBody: fc.Arbitrary<Rec> = fc
  .record({
    op: fc.constantFrom('allow', 'revoke', 'set', 'unset'),
    key: maybe(fc.constantFrom('permission', 'mode')),
    value: fc.constantFrom('x', 'y', 1, null, true),
    accept_seq: seq,
  })
  .map((r) => compact({ kind: 'input', op: r.op, key: r.key, value: r.op === 'set' ? r.value : undefined, accept_seq: r.accept_seq }));

const ref = fc.constantFrom('p1', 'p2', 'p3', 'nope');

/** Any analysed kind, with fields from small pools (no id: callers add it). */
export const mixedBody: fc.Arbitrary<Rec> = fc.oneof(
  inputBody,
  fc.record({ kind: fc.constant('read'), actor: fc.constantFrom('agent', 'user'), resource: fc.constantFrom('R', 'S'), version: fc.constantFrom('v1', 'v2') }),
  fc
    .record({
      kind: fc.constant('write'),
      actor: fc.constantFrom('agent', 'user'),
      resource: fc.constantFrom('R', 'S'),
      if_match: maybe(fc.constantFrom('v1', 'v2')),
      version: fc.constantFrom('v2', 'v3'),
      outcome: maybe(fc.constantFrom('ok', 'precondition_failed', 'conflict', 'error')),
      reported: maybe(fc.constantFrom('success', 'failure')),
      fields: fc.constantFrom({ a: 1 }, { a: 2 }),
    })
    .map(compact),
  fc.record({ kind: fc.constant('notice'), ref: fc.constantFrom('id0', 'id1', 'id2', 'id3') }),
  fc.record({ kind: fc.constant('response'), response_id: ref, previous_response_id: maybe(ref) }).map(compact),
  fc.record({ kind: fc.constant('request'), previous_response_id: maybe(ref), refs: fc.array(ref, { maxLength: 2 }) }).map(compact),
  fc.record({ kind: fc.constant('clear'), outcome: maybe(fc.constantFrom('ok', 'error', 'cancelled')), committed: maybe(fc.boolean()) }).map(compact),
  fc.record({ kind: fc.constant('task'), task: fc.constant('T'), revision: fc.integer({ min: 1, max: 3 }), round: fc.integer({ min: 1, max: 2 }) }),
  fc
    .record({
      kind: fc.constant('command'),
      task: fc.constant('T'),
      revision: fc.integer({ min: 1, max: 3 }),
      round: fc.integer({ min: 1, max: 2 }),
      idempotency_key: fc.constantFrom('k1', 'k2'),
      payload: fc.constantFrom({ a: 1 }, { a: 2 }, 'p'),
      outcome: maybe(fc.constantFrom('executed', 'rejected', 'replayed')),
    })
    .map(compact),
  evalRecord,
);

/** A mixed log: records get ids id0, id1 …, a session from a small pool, and sometimes an accept_seq. */
export const mixedLog: fc.Arbitrary<Rec[]> = fc
  .array(fc.tuple(mixedBody, seq, fc.constantFrom('s1', 's2'), fc.boolean(), fc.nat(9)), { maxLength: 14 })
  .map((rows) =>
    rows.map(([body, s, session, accepted, n], i) =>
      compact({ ...body, id: n === 0 ? undefined : `id${i}`, session, accepted: n === 1 ? false : accepted ? undefined : true, accept_seq: body.accept_seq ?? s }),
    ),
  );

/** The array in an arbitrary order. */
export function permutationOf<T>(items: readonly T[]): fc.Arbitrary<T[]> {
  return fc.shuffledSubarray([...items], { minLength: items.length, maxLength: items.length });
}
