/** Spec 3.4: resources and writers — lost-update, unconditional-write, reported-success-on-failure, retry-after-conflict. */
import { describe, expect, it } from 'vitest';
import { brief, check, findingsOf, noFinding, sequenced, theFinding, type Rec } from './test/build';

const read = (id: string, actor: string, version: string, resource = 'R'): Rec => ({ kind: 'read', id, actor, resource, version });
const write = (id: string, actor: string, extra: Rec = {}, resource = 'R'): Rec => ({ kind: 'write', id, actor, resource, ...extra });
const notice = (id: string, ref: string): Rec => ({ kind: 'notice', id, ref, actor: 'system' });

describe('lost-update', () => {
  it('a successful write whose if_match differs from the current version names the write and the write it overwrote', () => {
    const { doc } = check(
      sequenced([read('r1', 'agent', 'v1'), write('w1', 'user', { if_match: 'v1', version: 'v2' }), write('w2', 'agent', { if_match: 'v1', version: 'v3' })]),
    );
    const f = theFinding(doc, 'lost-update');
    expect(brief(f)).toEqual({ code: 'lost-update', severity: 'error', session: 'default', lines: [2, 3] });
    expect(f.records.map((r) => r.id).sort()).toEqual(['w1', 'w2']);
    noFinding(doc, 'unconditional-write');
  });

  it('near miss: a conditional write whose if_match equals the current version', () => {
    const { doc } = check(
      sequenced([read('r1', 'agent', 'v1'), write('w1', 'user', { if_match: 'v1', version: 'v2' }), write('w2', 'agent', { if_match: 'v2', version: 'v3' })]),
    );
    expect(doc.findings).toEqual([]);
  });

  it('before any successful write the current version is the first version read', () => {
    const { doc } = check(sequenced([read('r1', 'agent', 'v1'), read('r2', 'user', 'v1'), write('w1', 'user', { if_match: 'v1', version: 'v2' })]));
    noFinding(doc, 'lost-update');
  });

  it('near miss: a failed conditional write with a stale if_match is not a lost update, and does not move the version', () => {
    const { doc } = check(
      sequenced([
        read('r1', 'agent', 'v1'),
        write('w1', 'user', { if_match: 'v0', version: 'vX', outcome: 'precondition_failed' }),
        write('w2', 'agent', { if_match: 'v1', version: 'v2' }),
      ]),
    );
    noFinding(doc, 'lost-update');
  });

  it('an unconditional write by an actor after another actor wrote since its last read: lost-update and unconditional-write', () => {
    const { doc } = check(sequenced([read('r1', 'agent', 'v1'), write('w1', 'user', { if_match: 'v1', version: 'v2' }), write('w2', 'agent', { version: 'v3' })]));
    expect(brief(theFinding(doc, 'lost-update'))).toEqual({ code: 'lost-update', severity: 'error', session: 'default', lines: [2, 3] });
    expect(brief(theFinding(doc, 'unconditional-write'))).toEqual({ code: 'unconditional-write', severity: 'warning', session: 'default', lines: [3] });
  });

  it('the overwritten write is the last successful one, for conditional and unconditional writes', () => {
    const conditional = check(
      sequenced([
        read('r1', 'agent', 'v1'),
        write('w1', 'user', { if_match: 'v1', version: 'v2' }),
        write('w2', 'system', { if_match: 'v2', version: 'v3' }),
        write('w3', 'agent', { if_match: 'v1', version: 'v4' }),
      ]),
    );
    expect(brief(theFinding(conditional.doc, 'lost-update')).lines).toEqual([3, 4]);
    const unconditional = check(
      sequenced([
        read('r1', 'agent', 'v1'),
        write('w1', 'user', { if_match: 'v1', version: 'v2' }),
        write('w2', 'system', { if_match: 'v2', version: 'v3' }),
        write('w3', 'agent', { version: 'v4' }),
      ]),
    );
    expect(brief(theFinding(unconditional.doc, 'lost-update')).lines).toEqual([3, 4]);
  });

  it('an actor’s own write after its read does not protect it from a later write by another actor', () => {
    const { doc } = check(
      sequenced([
        read('r1', 'agent', 'v1'),
        write('w1', 'agent', { if_match: 'v1', version: 'v2' }),
        write('w2', 'user', { if_match: 'v2', version: 'v3' }),
        write('w3', 'agent', { version: 'v4' }),
      ]),
    );
    expect(brief(theFinding(doc, 'lost-update')).lines).toEqual([3, 4]);
  });

  it('near miss: an actor that never read the resource gets only unconditional-write', () => {
    const { doc } = check(sequenced([read('r1', 'user', 'v1'), write('w1', 'user', { if_match: 'v1', version: 'v2' }), write('w2', 'agent', { version: 'v3' })]));
    noFinding(doc, 'lost-update');
    expect(brief(theFinding(doc, 'unconditional-write')).lines).toEqual([3]);
  });

  it('near miss: the actor read again after the other write', () => {
    const { doc } = check(
      sequenced([read('r1', 'agent', 'v1'), write('w1', 'user', { if_match: 'v1', version: 'v2' }), read('r2', 'agent', 'v2'), write('w2', 'agent', { version: 'v3' })]),
    );
    noFinding(doc, 'lost-update');
    theFinding(doc, 'unconditional-write');
  });

  it('near miss: only the same actor wrote since its read, or the other actor’s write failed', () => {
    const same = check(sequenced([read('r1', 'agent', 'v1'), write('w1', 'agent', { if_match: 'v1', version: 'v2' }), write('w2', 'agent', { version: 'v3' })]));
    noFinding(same.doc, 'lost-update');
    const failed = check(
      sequenced([read('r1', 'agent', 'v1'), write('w1', 'user', { if_match: 'v0', outcome: 'conflict' }), write('w2', 'agent', { version: 'v3' })]),
    );
    noFinding(failed.doc, 'lost-update');
  });

  it('near miss: writes to another resource do not count', () => {
    const { doc } = check(
      sequenced([read('r1', 'agent', 'v1'), write('w1', 'user', { if_match: 'w', version: 'w2' }, 'OTHER'), write('w2', 'agent', { if_match: 'v1', version: 'v2' })]),
    );
    noFinding(doc, 'lost-update');
  });

  it('in acceptance order when every number is usable, whatever the storage order', () => {
    // accepted: read v1 (1), user v1→v2 (2), agent v2→v3 (3); stored 1, 3, 2
    const records = [
      { ...read('r1', 'agent', 'v1'), accept_seq: 1 },
      { ...write('w2', 'agent', { if_match: 'v2', version: 'v3' }), accept_seq: 3 },
      { ...write('w1', 'user', { if_match: 'v1', version: 'v2' }), accept_seq: 2 },
    ];
    const { doc } = check(records);
    noFinding(doc, 'lost-update');
    // one unrelated record without a number switches the session to file order: now the stored order loses an update
    const fileOrder = check([...records, { kind: 'response', id: 'p', response_id: 'x' }]).doc;
    expect(findingsOf(fileOrder, 'lost-update').length).toBeGreaterThan(0);
    expect(findingsOf(fileOrder, 'lost-update').map((f) => brief(f).lines)).toContainEqual([2, 3]);
  });

  it('unaccepted writes and reads are ignored', () => {
    const { doc } = check(
      sequenced([read('r1', 'agent', 'v1'), { ...write('w1', 'user', { if_match: 'v1', version: 'v2' }), accepted: false }, write('w2', 'agent', { if_match: 'v1', version: 'v3' })]),
    );
    noFinding(doc, 'lost-update');
  });
});

describe('unconditional-write', () => {
  it('fires for a successful write without if_match (outcome absent = ok)', () => {
    const { doc } = check(sequenced([write('w1', 'agent', { version: 'v1' }), write('w2', 'agent', { version: 'v2', outcome: 'ok' })]));
    expect(findingsOf(doc, 'unconditional-write').map(brief)).toEqual([
      { code: 'unconditional-write', severity: 'warning', session: 'default', lines: [1] },
      { code: 'unconditional-write', severity: 'warning', session: 'default', lines: [2] },
    ]);
  });

  it('near miss: failed unconditional writes, conditional writes, and unaccepted writes', () => {
    const { doc } = check(
      sequenced([
        write('w1', 'agent', { outcome: 'error' }),
        write('w2', 'agent', { outcome: 'conflict' }),
        write('w3', 'agent', { if_match: 'v0', version: 'v1' }),
        { ...write('w4', 'agent', { version: 'v9' }), accepted: false },
      ]),
    );
    noFinding(doc, 'unconditional-write');
  });
});

describe('reported-success-on-failure', () => {
  it('fires (error) for reported success on every outcome other than ok', () => {
    const outcomes = ['precondition_failed', 'conflict', 'error'];
    const { doc } = check(sequenced(outcomes.map((outcome, i) => write(`w${i}`, 'agent', { if_match: 'v0', outcome, reported: 'success' }))));
    expect(findingsOf(doc, 'reported-success-on-failure').map(brief)).toEqual(
      [1, 2, 3].map((line) => ({ code: 'reported-success-on-failure', severity: 'error', session: 'default', lines: [line] })),
    );
  });

  it('near miss: success on ok, failure or conflict reported on failed writes, nothing reported', () => {
    const { doc } = check(
      sequenced([
        read('r', 'agent', 'v0'),
        write('w1', 'agent', { if_match: 'v0', version: 'v1', reported: 'success' }),
        write('w2', 'agent', { if_match: 'v0', outcome: 'precondition_failed', reported: 'failure' }),
        write('w3', 'agent', { if_match: 'v0', outcome: 'conflict', reported: 'conflict' }),
        write('w4', 'agent', { if_match: 'v0', outcome: 'error' }),
      ]),
    );
    noFinding(doc, 'reported-success-on-failure');
  });
});

describe('retry-after-conflict', () => {
  const failed = write('w1', 'agent', { if_match: 'v1', outcome: 'precondition_failed', fields: { start: '15:00', day: 'thu' } });
  const retry = write('w2', 'agent', { fields: { start: '15:00', day: 'thu' }, version: 'v3' });

  it('fires (warning) when the same actor writes the same fields again with no notice in between, naming both writes', () => {
    const { doc } = check(sequenced([read('r1', 'agent', 'v1'), failed, read('r2', 'agent', 'v2'), retry]));
    expect(brief(theFinding(doc, 'retry-after-conflict'))).toEqual({ code: 'retry-after-conflict', severity: 'warning', session: 'default', lines: [2, 4] });
  });

  it('fires after a conflict outcome too, and with the fields written in another key order', () => {
    const conflict = { ...failed, outcome: 'conflict' };
    const reordered = { ...retry, fields: { day: 'thu', start: '15:00' } };
    const { doc } = check(sequenced([conflict, reordered]));
    expect(brief(theFinding(doc, 'retry-after-conflict')).lines).toEqual([1, 2]);
  });

  it('near miss: a notice referring to the failed write came in between', () => {
    const { doc } = check(sequenced([failed, notice('n1', 'w1'), retry]));
    noFinding(doc, 'retry-after-conflict');
  });

  it('still fires when the notice refers to another write, comes after the retry, or was not accepted', () => {
    for (const records of [
      [failed, notice('n1', 'w9'), retry],
      [failed, retry, notice('n1', 'w1')],
      [failed, { ...notice('n1', 'w1'), accepted: false }, retry],
    ]) {
      const { doc } = check(sequenced(records));
      expect(findingsOf(doc, 'retry-after-conflict')).toHaveLength(1);
    }
  });

  it('near miss: different fields, another actor, another resource, or a failure that was not a conflict', () => {
    for (const records of [
      [failed, { ...retry, fields: { start: '16:00', day: 'thu' } }],
      [failed, { ...retry, actor: 'user' }],
      [failed, { ...retry, resource: 'OTHER' }],
      [{ ...failed, outcome: 'error' }, retry],
    ]) {
      noFinding(check(sequenced(records)).doc, 'retry-after-conflict');
    }
  });

  it('near miss: an actor and resource that join, with a U+0000 between them, into the same text as another pair', () => {
    // ('a\u0000b', 'c') and ('a', 'b\u0000c') are different writers of different resources.
    const records = [
      { ...failed, actor: 'a\u0000b', resource: 'c' },
      { ...retry, actor: 'a', resource: 'b\u0000c' },
    ];
    noFinding(check(sequenced(records)).doc, 'retry-after-conflict');
  });

  it('uses acceptance order: a notice accepted between them silences it even when stored after the retry', () => {
    const records = [
      { ...failed, accept_seq: 1 },
      { ...retry, accept_seq: 3 },
      { ...notice('n1', 'w1'), accept_seq: 2 },
    ];
    noFinding(check(records).doc, 'retry-after-conflict');
    // with one number missing, the session is analysed in file order and the notice comes too late
    const fileOrder = check([...records, { kind: 'read', id: 'x', resource: 'Q', version: 'q' }]).doc;
    expect(brief(theFinding(fileOrder, 'retry-after-conflict')).lines).toEqual([1, 2]);
  });
});
