/** Spec 3.6: task commands — stale-revision, idempotency-conflict, idempotent-replay. */
import { describe, expect, it } from 'vitest';
import { brief, check, findingsOf, noFinding, sequenced, theFinding, type Rec } from './test/build';

const task = (id: string, revision: number, round: number, extra: Rec = {}): Rec => ({ kind: 'task', id, task: 'T', revision, round, ...extra });
let keyCounter = 0;
const command = (id: string, revision: number, round: number, extra: Rec = {}): Rec => ({
  kind: 'command',
  id,
  task: 'T',
  revision,
  round,
  idempotency_key: `key-${id}-${keyCounter++}`,
  payload: { action: 'merge' },
  ...extra,
});

describe('stale-revision', () => {
  it('fires (error) for an executed command whose revision is lower than the task’s current one', () => {
    const { doc } = check(sequenced([task('t1', 1, 1), task('t2', 2, 1), command('c1', 1, 1)]));
    const f = theFinding(doc, 'stale-revision');
    expect([f.code, f.severity, f.session]).toEqual(['stale-revision', 'error', 'default']);
    expect(f.records.map((r) => r.line)).toContain(3);
    expect(f.records.map((r) => r.line)).not.toContain(1);
  });

  it('fires for a lower round at the same revision, and for outcome executed written out', () => {
    const { doc } = check(sequenced([task('t1', 2, 3), command('c1', 2, 2, { outcome: 'executed' })]));
    expect(theFinding(doc, 'stale-revision').records.map((r) => r.line)).toContain(2);
  });

  it('the latest task record is the current state, even when it goes back', () => {
    const { doc } = check(sequenced([task('t1', 3, 2), task('t2', 2, 1), command('c1', 2, 1)]));
    noFinding(doc, 'stale-revision');
  });

  it('near miss: the same or a newer revision and round', () => {
    const { doc } = check(sequenced([task('t1', 2, 2), command('c1', 2, 2), command('c2', 3, 2), command('c3', 2, 5)]));
    noFinding(doc, 'stale-revision');
  });

  it('near miss: rejected or replayed commands are never stale', () => {
    const { doc } = check(sequenced([task('t1', 5, 5), command('c1', 1, 1, { outcome: 'rejected' }), command('c2', 1, 1, { outcome: 'replayed' })]));
    noFinding(doc, 'stale-revision');
  });

  it('near miss: a task update after the command, another task, another session, an unaccepted task', () => {
    for (const records of [
      [task('t1', 1, 1), command('c1', 1, 1), task('t2', 2, 1)],
      [task('t1', 3, 3, { task: 'OTHER' }), command('c1', 1, 1)],
      [task('t1', 3, 3, { session: 'elsewhere' }), command('c1', 1, 1)],
      [task('t1', 3, 3, { accepted: false }), command('c1', 1, 1)],
    ]) {
      noFinding(check(sequenced(records)).doc, 'stale-revision');
    }
  });

  it('uses acceptance order when every number is usable, file order otherwise', () => {
    const records = [
      { ...task('t1', 1, 1), accept_seq: 1 },
      { ...command('c1', 1, 1), accept_seq: 3 },
      { ...task('t2', 2, 1), accept_seq: 2 },
    ];
    expect(theFinding(check(records).doc, 'stale-revision').records.map((r) => r.line)).toContain(2);
    noFinding(check([...records, task('t0', 0, 0)]).doc, 'stale-revision');
  });
});

describe('idempotency-conflict and idempotent-replay', () => {
  const cmd = (id: string, payload: unknown, extra: Rec = {}): Rec => command(id, 1, 1, { idempotency_key: 'k', payload, ...extra });

  it('a reused key with a different payload is an error naming the original and the reuse', () => {
    const { doc } = check(sequenced([task('t', 1, 1), cmd('c1', { action: 'merge' }), cmd('c2', { action: 'close' })]));
    expect(brief(theFinding(doc, 'idempotency-conflict'))).toEqual({ code: 'idempotency-conflict', severity: 'error', session: 'default', lines: [2, 3] });
    noFinding(doc, 'idempotent-replay');
  });

  it('a replayed command with a different payload is still a conflict (only rejected ones are exempt)', () => {
    const { doc } = check(sequenced([cmd('c1', { action: 'merge' }), cmd('c2', { action: 'close' }, { outcome: 'replayed' })]));
    expect(brief(theFinding(doc, 'idempotency-conflict')).lines).toEqual([1, 2]);
  });

  it('near miss: a rejected command with a different payload is not a conflict', () => {
    const { doc } = check(sequenced([cmd('c1', { action: 'merge' }), cmd('c2', { action: 'close' }, { outcome: 'rejected' })]));
    noFinding(doc, 'idempotency-conflict');
  });

  it('same key and same payload (key order aside) is an idempotent replay (info), one per later command', () => {
    const { doc } = check(
      sequenced([cmd('c1', { action: 'merge', pr: 7 }), cmd('c2', { pr: 7, action: 'merge' }, { outcome: 'replayed' }), cmd('c3', { action: 'merge', pr: 7 })]),
    );
    noFinding(doc, 'idempotency-conflict');
    const found = findingsOf(doc, 'idempotent-replay').map(brief);
    expect(found.map((f) => [f.severity, f.session])).toEqual([
      ['info', 'default'],
      ['info', 'default'],
    ]);
    expect(found.map((f) => f.lines).sort()).toEqual([[1, 2], [1, 3]]);
  });

  it('payloads of any JSON type are compared by value', () => {
    const { doc } = check(sequenced([cmd('c1', [1, { a: null }]), cmd('c2', [1, { a: null }]), cmd('c3', 'text'), cmd('c4', null)]));
    expect(findingsOf(doc, 'idempotent-replay').map((f) => brief(f).lines)).toEqual([[1, 2]]);
    expect(findingsOf(doc, 'idempotency-conflict').map((f) => brief(f).lines).sort()).toEqual([[1, 3], [1, 4]]);
  });

  it('near miss: keys are scoped to the session, and different keys never meet', () => {
    const sessions = check(sequenced([cmd('c1', { action: 'merge' }, { session: 'a' }), cmd('c2', { action: 'close' }, { session: 'b' })]));
    expect(sessions.doc.findings.filter((f) => f.code.startsWith('idempoten'))).toEqual([]);
    const keys = check(sequenced([cmd('c1', { action: 'merge' }), cmd('c2', { action: 'close' }, { idempotency_key: 'other' })]));
    expect(keys.doc.findings.filter((f) => f.code.startsWith('idempoten'))).toEqual([]);
  });

  it('near miss: an unaccepted command never takes part', () => {
    const { doc } = check(sequenced([cmd('c1', { action: 'merge' }, { accepted: false }), cmd('c2', { action: 'close' }), cmd('c3', { action: 'close' })]));
    noFinding(doc, 'idempotency-conflict');
    expect(findingsOf(doc, 'idempotent-replay').map((f) => brief(f).lines)).toEqual([[2, 3]]);
  });

  it('the original is the first command in analysis order (acceptance order here)', () => {
    // stored A(seq 2, x), B(seq 1, y), C(seq 3, y): B is the original, A conflicts, C replays B
    const records = [cmd('A', 'x', { accept_seq: 2 }), cmd('B', 'y', { accept_seq: 1 }), cmd('C', 'y', { accept_seq: 3 })];
    const { doc } = check(records);
    expect(brief(theFinding(doc, 'idempotency-conflict')).lines).toEqual([1, 2]);
    expect(brief(theFinding(doc, 'idempotent-replay')).lines).toEqual([2, 3]);
    // a missing number switches to file order: A is the original, B and C both conflict with it
    const fileOrder = check([...records, { kind: 'task', id: 't', task: 'T', revision: 1, round: 1 }]).doc;
    expect(findingsOf(fileOrder, 'idempotency-conflict').map((f) => brief(f).lines).sort()).toEqual([[1, 2], [1, 3]]);
    noFinding(fileOrder, 'idempotent-replay');
  });
});
