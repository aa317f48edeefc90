/** Spec 3.1 (ordering evidence) and the `missing-id` rule of section 4, derived from SPEC.md. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allow, brief, check, findingsOf, noFinding, revoke, sessionOf, theFinding } from './test/build';

describe('no-acceptance-order', () => {
  it('fires once (info) when no accepted record of the session carries accept_seq, with every acceptance value unknown', () => {
    const { doc } = check([allow('a'), revoke('b'), { kind: 'read', id: 'r', resource: 'R', version: 'v1' }]);
    const f = theFinding(doc, 'no-acceptance-order');
    expect([f.severity, f.session]).toEqual(['info', 'default']);
    expect(sessionOf(doc).replay).toEqual({ storage: { permission: 'deny' }, acceptance: { permission: 'unknown' } });
  });

  it('raises no per-record complaints and no decision findings in such a session', () => {
    const { doc } = check([revoke('b'), allow('a'), allow('c', undefined, { key: 'other' })]);
    for (const code of ['missing-accept-seq', 'duplicate-accept-seq', 'undetermined-decision', 'decision-flip', 'storage-order-inversion']) {
      noFinding(doc, code);
    }
    expect(sessionOf(doc).inversions).toBe(0);
  });

  it('near miss: a single record with accept_seq gives the session an acceptance order', () => {
    const { doc } = check([allow('a', 1), revoke('b')]);
    noFinding(doc, 'no-acceptance-order');
    expect(brief(theFinding(doc, 'missing-accept-seq'))).toEqual({ code: 'missing-accept-seq', severity: 'warning', session: 'default', lines: [2] });
  });

  it('an accept_seq on an unaccepted record does not give the session an acceptance order', () => {
    const { doc } = check([allow('a'), revoke('b', 1, { accepted: false })]);
    theFinding(doc, 'no-acceptance-order');
    noFinding(doc, 'missing-accept-seq');
    expect(sessionOf(doc).replay.acceptance).toEqual({ permission: 'unknown' });
  });

  it('says the session has no accept_seq at all only when none of its records carries one', () => {
    const tail = ', so its acceptance order is unknown; only file order is available, and every acceptance value is "unknown".';
    const message = (records: Parameters<typeof check>[0]) => theFinding(check(records).doc, 'no-acceptance-order').message;
    expect(message([allow('a'), revoke('b')])).toBe(`Session default records no accept_seq at all${tail}`);
    expect(message([allow('a'), revoke('b', 1, { accepted: false })])).toBe(
      `No accepted record of session default carries accept_seq (only records the host did not accept do)${tail}`,
    );
    expect(message([allow('a'), { kind: 'note', id: 'n', accept_seq: 2 }])).toBe(
      `No accepted record of an analysed kind in session default carries accept_seq (only records of kinds not analysed do)${tail}`,
    );
    expect(message([allow('a'), revoke('b', 1, { accepted: false }), { kind: 'note', id: 'n', accept_seq: 2 }])).toBe(
      `No accepted record of an analysed kind in session default carries accept_seq (only records the host did not accept or of kinds not analysed do)${tail}`,
    );
  });

  it('is judged per session: a session with numbers is unaffected by one without', () => {
    const { doc } = check([allow('a', 1, { session: 's1' }), allow('b', undefined, { session: 's2' })]);
    const f = theFinding(doc, 'no-acceptance-order');
    expect(f.session).toBe('s2');
    noFinding(doc, 'missing-accept-seq');
    expect(sessionOf(doc, 's1').replay.acceptance).toEqual({ permission: 'allow' });
  });
});

describe('missing-accept-seq', () => {
  it('names each accepted record without accept_seq, of any analysed kind', () => {
    const { doc } = check([
      allow('a', 1),
      { kind: 'read', id: 'r1', resource: 'R', version: 'v1' },
      { kind: 'write', id: 'w1', resource: 'R', if_match: 'v1', version: 'v2', accept_seq: 2 },
      { kind: 'response', id: 'p1', response_id: 'resp-1' },
    ]);
    const found = findingsOf(doc, 'missing-accept-seq').map(brief);
    expect(found.map((f) => f.lines).sort()).toEqual([[2], [4]]);
    for (const f of found) expect([f.severity, f.session]).toEqual(['warning', 'default']);
    expect(findingsOf(doc, 'missing-accept-seq')[0]!.records[0]).toMatchObject({ file: 'log.jsonl' });
  });

  it('near miss: unaccepted records and eval records never need accept_seq', () => {
    const { doc } = check([
      allow('a', 1),
      revoke('b', undefined, { accepted: false }),
      { kind: 'eval', id: 'e1', case_id: 'c', status: 'pass' },
      revoke('c', 2),
    ]);
    noFinding(doc, 'missing-accept-seq');
    expect(sessionOf(doc).replay).toEqual({ storage: { permission: 'deny' }, acceptance: { permission: 'deny' } });
  });
});

describe('duplicate-accept-seq', () => {
  it('is one error per shared number, naming every record that shares it', () => {
    const { doc } = check([
      allow('a', 1),
      { kind: 'read', id: 'r', resource: 'R', version: 'v', accept_seq: 1 },
      revoke('b', 1),
      allow('c', 2),
      revoke('d', 3),
      allow('e', 3),
    ]);
    const found = findingsOf(doc, 'duplicate-accept-seq').map(brief);
    expect(found).toHaveLength(2);
    expect(found.map((f) => f.lines).sort()).toEqual([[1, 2, 3], [5, 6]]);
    for (const f of found) expect([f.severity, f.session]).toEqual(['error', 'default']);
  });

  it('near miss: equal numbers in different sessions are never compared', () => {
    const { doc } = check([allow('a', 1, { session: 'x' }), revoke('b', 1, { session: 'y' })]);
    noFinding(doc, 'duplicate-accept-seq');
    expect(sessionOf(doc, 'x').replay.acceptance).toEqual({ permission: 'allow' });
    expect(sessionOf(doc, 'y').replay.acceptance).toEqual({ permission: 'deny' });
  });

  it('near miss: an unaccepted record sharing a number is not a duplicate', () => {
    const { doc } = check([allow('a', 1), revoke('b', 1, { accepted: false })]);
    noFinding(doc, 'duplicate-accept-seq');
    expect(sessionOf(doc).replay.acceptance).toEqual({ permission: 'allow' });
  });

  it('near miss: an eval record sharing a number is not a duplicate', () => {
    const { doc } = check([allow('a', 1), { kind: 'eval', id: 'e', status: 'pass', accept_seq: 1 }]);
    noFinding(doc, 'duplicate-accept-seq');
  });
});

describe('storage-order-inversion and the inversion count', () => {
  it('O1: one inversion, one info finding naming the displaced record', () => {
    const { doc } = check([revoke('r', 2), allow('a', 1)]);
    expect(sessionOf(doc).inversions).toBe(1);
    expect(brief(theFinding(doc, 'storage-order-inversion'))).toEqual({
      code: 'storage-order-inversion',
      severity: 'info',
      session: 'default',
      lines: [2],
    });
  });

  it('counts every inverted pair and names every record stored after a higher number, in one finding per session', () => {
    // stored 3, 1, 2, 5, 4 → pairs (3,1) (3,2) (5,4); displaced: 1, 2, 4
    const seqs = [3, 1, 2, 5, 4];
    const { doc } = check(seqs.map((s, i) => ({ kind: 'read', id: `r${i}`, resource: 'R', version: 'v', accept_seq: s })));
    expect(sessionOf(doc).inversions).toBe(3);
    expect(brief(theFinding(doc, 'storage-order-inversion')).lines).toEqual([2, 3, 5]);
  });

  it('counts exactly the inverted pairs of usable numbers, and displaces exactly the records below an earlier maximum', () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.integer({ min: 0, max: 12 }), { freq: 6 }), { maxLength: 40 }), (seqs) => {
        const { analysis } = check(seqs.map((s, i) => ({ kind: 'read', id: `r${i}`, resource: 'R', version: 'v', ...(s === null ? {} : { accept_seq: s }) })));
        const usable = seqs.filter((s): s is number => s !== null && seqs.filter((t) => t === s).length === 1);
        let pairs = 0;
        for (let a = 0; a < usable.length; a++) for (let b = a + 1; b < usable.length; b++) if (usable[a]! > usable[b]!) pairs++;
        const displaced = usable.filter((s, k) => usable.slice(0, k).some((t) => t > s));
        const ordering = analysis.sessions[0]?.ordering;
        expect(ordering?.inversions ?? 0).toBe(pairs);
        expect((ordering?.displaced ?? []).map((r) => r.acceptSeq)).toEqual(displaced);
      }),
    );
  });

  it('uses acceptance numbers as integers, not strings (10 after 9 is in order)', () => {
    const { doc } = check([allow('a', 9), revoke('b', 10), allow('c', 100)]);
    expect(sessionOf(doc).inversions).toBe(0);
    noFinding(doc, 'storage-order-inversion');
  });

  it('near miss: records in acceptance order, or with gaps in the numbers, are not inverted', () => {
    const { doc } = check([allow('a', 0), revoke('b', 4), allow('c', 17)]);
    expect(sessionOf(doc).inversions).toBe(0);
    noFinding(doc, 'storage-order-inversion');
  });

  it('only usable numbers count: shared and missing numbers are not inversions', () => {
    // stored 2, 2, 1, (none): the only usable record is seq 1
    const { doc } = check([allow('a', 2), revoke('b', 2), allow('c', 1), revoke('d')]);
    expect(sessionOf(doc).inversions).toBe(0);
    noFinding(doc, 'storage-order-inversion');
  });

  it('inversions among usable records are reported even when other numbers are shared', () => {
    // stored 3, 1, 2, 2: usable are 3 and 1
    const { doc } = check([allow('a', 3), revoke('b', 1), allow('c', 2), revoke('d', 2)]);
    expect(sessionOf(doc).inversions).toBe(1);
    expect(brief(theFinding(doc, 'storage-order-inversion')).lines).toEqual([2]);
  });

  it('unaccepted records take no part in inversions', () => {
    const { doc } = check([allow('x', 5, { accepted: false }), allow('a', 1), revoke('b', 2)]);
    expect(sessionOf(doc).inversions).toBe(0);
    noFinding(doc, 'storage-order-inversion');
  });

  it('inversions are counted per session', () => {
    const { doc } = check([allow('a', 2, { session: 's' }), allow('b', 1, { session: 't' }), revoke('c', 1, { session: 's' })]);
    expect(sessionOf(doc, 's').inversions).toBe(1);
    expect(sessionOf(doc, 't').inversions).toBe(0);
    expect(theFinding(doc, 'storage-order-inversion').session).toBe('s');
  });
});

describe('missing-id', () => {
  it('fires (warning) for a non-eval record without id, in its session, naming it', () => {
    const { doc } = check([allow('a', 1, { session: 's' }), { kind: 'input', op: 'revoke', accept_seq: 2, session: 's' }]);
    expect(brief(theFinding(doc, 'missing-id'))).toEqual({ code: 'missing-id', severity: 'warning', session: 's', lines: [2] });
  });

  it('fires for an eval record with neither id nor case_id, with session null', () => {
    const { doc } = check([{ kind: 'eval', status: 'pass' }]);
    expect(brief(theFinding(doc, 'missing-id'))).toEqual({ code: 'missing-id', severity: 'warning', session: null, lines: [1] });
  });

  it('near miss: an eval record with case_id only, and records whose id is a number (even 0)', () => {
    const { doc } = check([
      { kind: 'eval', case_id: 'c1', run_id: 'r1', status: 'pass' },
      { kind: 'input', id: 0, op: 'allow', accept_seq: 1 },
      { kind: 'read', id: 7, resource: 'R', version: 'v', accept_seq: 2 },
    ]);
    noFinding(doc, 'missing-id');
  });

  it('a record without id is still analysed under its synthetic id', () => {
    const { doc } = check([{ kind: 'input', op: 'allow', accept_seq: 2 }, { kind: 'input', op: 'revoke', accept_seq: 1 }]);
    expect(findingsOf(doc, 'missing-id')).toHaveLength(2);
    expect(sessionOf(doc).replay).toEqual({ storage: { permission: 'deny' }, acceptance: { permission: 'allow' } });
    const flip = theFinding(doc, 'decision-flip');
    expect(flip.records.map((r) => r.id).sort()).toEqual(['log.jsonl:1', 'log.jsonl:2']);
  });
});
