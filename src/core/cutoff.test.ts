/** Spec 3.3: the state as of acceptance number N, the storage prefix and its future leaks. */
import { describe, expect, it } from 'vitest';
import { allow, check, revoke, sessionOf, type Rec } from './test/build';

function cutoffOf(records: Rec[], n: number, session = 'default') {
  const c = sessionOf(check(records, { cutoff: n }).doc, session).cutoff;
  expect(c).not.toBeNull();
  return c!;
}

describe('cutoff (spec 3.3)', () => {
  it('the spec example: O1 with N = 1 has state allow and the revoke as a future leak', () => {
    const o1 = [revoke('m2', 2, { session: 'exp' }), allow('m1', 1, { session: 'exp' })];
    expect(cutoffOf(o1, 1, 'exp')).toEqual({ seq: 1, state: { permission: 'allow' }, future_leaks: ['m2'] });
  });

  it('O1 with N = 2: the full acceptance state and no leaks', () => {
    expect(cutoffOf([revoke('m2', 2), allow('m1', 1)], 2)).toEqual({ seq: 2, state: { permission: 'deny' }, future_leaks: [] });
  });

  it("lists the state's keys sorted, unknown keys among known ones, whatever their case", () => {
    const set = (id: string, key: string, seq?: number) => ({ kind: 'input', id, op: 'set', key, value: id, ...(seq === undefined ? {} : { accept_seq: seq }) });
    const records = [set('1', 'b', 1), set('2', 'Z', 2), set('3', 'a'), set('4', 'é', 3), set('5', 'c')];
    expect(Object.keys(cutoffOf(records, 3).state)).toEqual(['Z', 'a', 'b', 'c', 'é']);
  });

  it('no cutoff requested: every session has cutoff null', () => {
    for (const s of check([revoke('m2', 2), allow('m1', 1)]).doc.sessions) expect(s.cutoff).toBeNull();
  });

  it('the prefix ends at the last accepted record with accept_seq ≤ N; records stored after it are not leaks', () => {
    // stored seqs 3, 1, 2, 4 with N = 2: prefix = lines 1..3, leak = line 1 (seq 3); seq 4 is stored after the prefix
    const records = [allow('a3', 3), revoke('a1', 1), { kind: 'read', id: 'r2', resource: 'R', version: 'v', accept_seq: 2 }, revoke('a4', 4)];
    expect(cutoffOf(records, 2)).toEqual({ seq: 2, state: { permission: 'deny' }, future_leaks: ['a3'] });
  });

  it('any accepted kind in the prefix with a higher number is a leak, in storage order', () => {
    const records = [
      { kind: 'read', id: 'r9', resource: 'R', version: 'v', accept_seq: 9 },
      { kind: 'response', id: 'p5', response_id: 'x', accept_seq: 5 },
      allow('a1', 1),
      revoke('a2', 2),
    ];
    expect(cutoffOf(records, 1).future_leaks).toEqual(['r9', 'p5']);
  });

  it('unaccepted records are never leaks, and never count as the end of the prefix', () => {
    const records = [allow('u', 7, { accepted: false }), revoke('a5', 5), allow('a1', 1), revoke('late', 0, { accepted: false }), allow('x6', 6)];
    const c = cutoffOf(records, 1);
    expect(c.future_leaks).toEqual(['a5']);
    expect(c.state).toEqual({ permission: 'allow' });
  });

  it('a record whose (shared) number is above N is a leak; a record without a number is not', () => {
    const records = [allow('d5a', 5), revoke('d5b', 5), revoke('none'), allow('a1', 1), revoke('a2', 2)];
    expect(cutoffOf(records, 1).future_leaks).toEqual(['d5a', 'd5b']);
  });

  it('N below every number: no prefix, no leaks, and no input applied', () => {
    const c = cutoffOf([revoke('m2', 2), allow('m1', 1)], 0);
    expect(c.future_leaks).toEqual([]);
    expect(c.state.permission === 'allow' || c.state.permission === 'deny').toBe(false);
  });

  it('the state replays only inputs with accept_seq ≤ N, in acceptance order', () => {
    const records = [
      { kind: 'input', id: 'c', op: 'set', key: 'mode', value: 'late', accept_seq: 3 },
      { kind: 'input', id: 'b', op: 'set', key: 'mode', value: 'second', accept_seq: 2 },
      { kind: 'input', id: 'a', op: 'set', key: 'mode', value: 'first', accept_seq: 1 },
      { kind: 'input', id: 'd', op: 'set', key: 'color', value: 'red', accept_seq: 4 },
    ];
    const c = cutoffOf(records, 2);
    expect(c.state.mode).toBe('second');
    expect(c.state.color).not.toBe('red');
    expect(c.future_leaks).toEqual(['c']);
  });

  it('a key touched by an input without a usable number stays unknown (O5, O6), whatever N is', () => {
    const o5 = [revoke('m2'), allow('m1', 1)];
    const o6 = [revoke('m2', 2), allow('m1', 2)];
    for (const n of [1, 2, 5]) {
      expect(cutoffOf(o5, n).state).toEqual({ permission: 'unknown' });
      expect(cutoffOf(o6, n).state).toEqual({ permission: 'unknown' });
    }
  });

  it('a key whose inputs are all usable is known at N even if another key is unknown', () => {
    const records = [allow('a', 1), { kind: 'input', id: 'b', op: 'set', key: 'mode', value: 'x' }];
    expect(cutoffOf(records, 1).state).toEqual({ permission: 'allow', mode: 'unknown' });
  });

  it('in a session without any acceptance order every touched key stays unknown and nothing leaks', () => {
    expect(cutoffOf([revoke('a'), allow('b')], 3)).toEqual({ seq: 3, state: { permission: 'unknown' }, future_leaks: [] });
  });

  it('an unaccepted input never touches the cutoff state', () => {
    const records = [allow('a', 1), revoke('u', 1, { accepted: false }), { kind: 'input', id: 'g', op: 'set', key: 'ghost', value: 1, accept_seq: 1, accepted: false }];
    expect(cutoffOf(records, 1)).toEqual({ seq: 1, state: { permission: 'allow' }, future_leaks: [] });
  });

  it('each session gets its own cutoff at the same N; numbers are not compared across sessions', () => {
    const records = [revoke('s2', 2, { session: 's' }), allow('t1', 1, { session: 't' }), allow('s1', 1, { session: 's' }), revoke('t3', 3, { session: 't' })];
    const { doc } = check(records, { cutoff: 1 });
    expect(sessionOf(doc, 's').cutoff).toEqual({ seq: 1, state: { permission: 'allow' }, future_leaks: ['s2'] });
    expect(sessionOf(doc, 't').cutoff).toEqual({ seq: 1, state: { permission: 'allow' }, future_leaks: [] });
  });

  it('the session option restricts the sessions analysed; evals are always summarised', () => {
    const records = [allow('a', 1, { session: 's' }), allow('b', 1, { session: 't' }), { kind: 'eval', id: 'e', status: 'pass', session: 't' }];
    const { doc } = check(records, { cutoff: 1, session: 's' });
    expect(doc.sessions.map((s) => s.session)).toEqual(['s']);
    expect(doc.evals).toMatchObject({ observations: 1, pass: 1 });
  });
});
