/** Spec 3.2: the two replays, the seed's O0–O6 table, decision-flip, undetermined-decision, unaccepted-input. */
import { describe, expect, it } from 'vitest';
import { allow, brief, check, findingsOf, noFinding, revoke, sessionOf, theFinding, type Rec } from './test/build';

/** name, records in file order, storage replay, acceptance replay, the complete findings as [code, severity, sorted lines]. */
type Scenario = [string, Rec[], string, string, [string, string, number[]][]];

const FLIP: [string, string, number[]] = ['decision-flip', 'error', [1, 2]];
const INVERSION: [string, string, number[]] = ['storage-order-inversion', 'info', [2]];

// The table of spec 3.2, exactly.
const SCENARIOS: Scenario[] = [
  ['O0', [allow('m1', 1), revoke('m2', 2)], 'deny', 'deny', []],
  ['O1', [revoke('m2', 2), allow('m1', 1)], 'allow', 'deny', [FLIP, INVERSION]],
  ['O2', [allow('m2', 2), revoke('m1', 1)], 'deny', 'allow', [FLIP, INVERSION]],
  ['O3', [revoke('m2', 2), revoke('m1', 1)], 'deny', 'deny', [INVERSION]],
  ['O4', [revoke('m1', 1), allow('m2', undefined, { accepted: false })], 'deny', 'deny', [['unaccepted-input', 'info', [2]]]],
  ['O5', [revoke('m2'), allow('m1', 1)], 'allow', 'unknown', [['missing-accept-seq', 'warning', [1]], ['undetermined-decision', 'warning', [1]]]],
  ['O6', [revoke('m2', 2), allow('m1', 2)], 'allow', 'unknown', [['duplicate-accept-seq', 'error', [1, 2]], ['undetermined-decision', 'warning', [1, 2]]]],
];

describe('the seed scenarios O0–O6 (spec 3.2 table)', () => {
  for (const [name, records, storage, acceptance, findings] of SCENARIOS) {
    it(`${name}: storage ${storage}, acceptance ${acceptance}, and exactly the findings it implies`, () => {
      const { doc } = check(records.map((r) => ({ ...r, session: 'exp' })));
      const session = sessionOf(doc, 'exp');
      expect(session.replay).toEqual({ storage: { permission: storage }, acceptance: { permission: acceptance } });
      const got = doc.findings.map(brief).map((f) => [f.code, f.severity, f.lines] as [string, string, number[]]);
      expect(got.sort()).toEqual([...findings].sort());
      for (const f of doc.findings) expect(f.session).toBe('exp');
    });
  }

  it('O1/O2: the flip names both records by file, line and id, and the message names the key and both values', () => {
    const { doc } = check([revoke('m2', 2), allow('m1', 1)]);
    const flip = theFinding(doc, 'decision-flip');
    expect([...flip.records].sort((a, b) => a.line - b.line)).toEqual([
      { file: 'log.jsonl', line: 1, id: 'm2' },
      { file: 'log.jsonl', line: 2, id: 'm1' },
    ]);
    expect(flip.message).toContain('permission');
    expect(flip.message).toContain('allow');
    expect(flip.message).toContain('deny');
  });

  it('O4 holds wherever the unaccepted allow is stored, with or without a number', () => {
    for (const records of [
      [allow('x', 1, { accepted: false }), revoke('m1', 1)],
      [allow('x', 2, { accepted: false }), revoke('m1', 1)],
      [revoke('m1', 1), allow('x', 9, { accepted: false })],
    ]) {
      const { doc } = check(records);
      expect(sessionOf(doc).replay).toEqual({ storage: { permission: 'deny' }, acceptance: { permission: 'deny' } });
      expect(findingsOf(doc, 'unaccepted-input').map(brief)).toEqual([
        { code: 'unaccepted-input', severity: 'info', session: 'default', lines: [records.findIndex((r) => r.accepted === false) + 1] },
      ]);
      expect(doc.findings.map((f) => f.code)).toEqual(['unaccepted-input']);
    }
  });
});

describe('replay folding', () => {
  it('folds set, unset (null), allow and revoke per key; the state lists every key an accepted input touches', () => {
    const { doc } = check([
      { kind: 'input', id: 'a', op: 'set', key: 'mode', value: 'fast', accept_seq: 1 },
      { kind: 'input', id: 'b', op: 'set', key: 'limit', value: { n: 3 }, accept_seq: 2 },
      { kind: 'input', id: 'c', op: 'unset', key: 'mode', accept_seq: 3 },
      { kind: 'input', id: 'd', op: 'allow', accept_seq: 4 },
      { kind: 'input', id: 'e', op: 'set', key: 'ghost', value: 1, accepted: false },
    ]);
    const expected = { mode: null, limit: { n: 3 }, permission: 'allow' };
    expect(sessionOf(doc).replay).toEqual({ storage: expected, acceptance: expected });
  });

  it('acceptance order is numeric: seq 10 after seq 9 even when stored first', () => {
    const { doc } = check([revoke('b', 10), allow('a', 9)]);
    expect(sessionOf(doc).replay).toEqual({ storage: { permission: 'allow' }, acceptance: { permission: 'deny' } });
  });

  it('a session of only unaccepted inputs is listed with empty states', () => {
    const { doc } = check([allow('a', 1, { accepted: false })]);
    const s = sessionOf(doc);
    expect(s.replay).toEqual({ storage: {}, acceptance: {} });
    expect([s.records, s.accepted, s.unaccepted]).toEqual([1, 0, 1]);
  });

  it('eval records do not make a session', () => {
    const { doc } = check([allow('a', 1, { session: 'x' }), { kind: 'eval', id: 'e', status: 'pass', session: 'y' }]);
    expect(doc.sessions.map((s) => s.session)).toEqual(['x']);
  });
});

describe('decision-flip', () => {
  it('names the last setter in each order, not an intermediate one', () => {
    // acceptance: b(1) revoke, c(2) revoke, a(3) allow → allow, set by a; storage: a, b, c → deny, set by c
    const { doc } = check([allow('a', 3), revoke('b', 1), revoke('c', 2)]);
    expect(sessionOf(doc).replay).toEqual({ storage: { permission: 'deny' }, acceptance: { permission: 'allow' } });
    const flip = theFinding(doc, 'decision-flip');
    expect(brief(flip)).toEqual({ code: 'decision-flip', severity: 'error', session: 'default', lines: [1, 3] });
  });

  it('is one finding per flipped key, naming that key', () => {
    const { doc } = check([
      { kind: 'input', id: 'm2', op: 'set', key: 'mode', value: 'fast', accept_seq: 2 },
      { kind: 'input', id: 'm1', op: 'set', key: 'mode', value: 'slow', accept_seq: 1 },
      { kind: 'input', id: 'p2', op: 'unset', key: 'size', accept_seq: 4 },
      { kind: 'input', id: 'p1', op: 'set', key: 'size', value: 5, accept_seq: 3 },
      allow('q1', 5),
      revoke('q2', 6),
    ]);
    expect(sessionOf(doc).replay).toEqual({
      storage: { mode: 'slow', size: 5, permission: 'deny' },
      acceptance: { mode: 'fast', size: null, permission: 'deny' },
    });
    const flips = findingsOf(doc, 'decision-flip');
    expect(flips.map(brief).map((f) => f.lines).sort()).toEqual([[1, 2], [3, 4]]);
    expect(flips.some((f) => f.message.includes('mode'))).toBe(true);
    expect(flips.some((f) => f.message.includes('size'))).toBe(true);
  });

  it('near miss: different records setting the same final value (O3) are not a flip', () => {
    const { doc } = check([{ kind: 'input', id: 'a', op: 'set', key: 'k', value: [1, 2], accept_seq: 2 }, { kind: 'input', id: 'b', op: 'set', key: 'k', value: [1, 2], accept_seq: 1 }]);
    noFinding(doc, 'decision-flip');
    const objects = check([
      { kind: 'input', id: 'a', op: 'set', key: 'k', value: { x: 1, y: [2] }, accept_seq: 2 },
      { kind: 'input', id: 'b', op: 'set', key: 'k', value: { y: [2], x: 1 }, accept_seq: 1 },
    ]);
    noFinding(objects.doc, 'decision-flip');
  });

  it('a known key still flips when another key is unknown', () => {
    const { doc } = check([revoke('a', 2), allow('b', 1), { kind: 'input', id: 'c', op: 'set', key: 'mode', value: 'x' }]);
    expect(sessionOf(doc).replay.acceptance).toEqual({ permission: 'deny', mode: 'unknown' });
    expect(brief(theFinding(doc, 'decision-flip')).lines).toEqual([1, 2]);
    expect(brief(theFinding(doc, 'undetermined-decision')).lines).toEqual([3]);
  });
});

describe('undetermined-decision', () => {
  it('is one warning per unknown key, naming only the inputs whose numbers are missing or shared', () => {
    const { doc } = check([
      allow('a', 1),
      revoke('b'),
      { kind: 'input', id: 'c', op: 'set', key: 'mode', value: 1, accept_seq: 2 },
      { kind: 'input', id: 'd', op: 'set', key: 'mode', value: 2, accept_seq: 3 },
      { kind: 'input', id: 'e', op: 'set', key: 'mode', value: 3, accept_seq: 3 },
      { kind: 'input', id: 'f', op: 'set', key: 'fine', value: 3, accept_seq: 4 },
    ]);
    expect(sessionOf(doc).replay.acceptance).toEqual({ permission: 'unknown', mode: 'unknown', fine: 3 });
    const found = findingsOf(doc, 'undetermined-decision').map(brief);
    expect(found.map((f) => f.lines).sort()).toEqual([[2], [4, 5]]);
    for (const f of found) expect([f.severity, f.session]).toEqual(['warning', 'default']);
    noFinding(doc, 'decision-flip');
  });

  it('a number shared with a non-input record makes the key unknown; the finding names the input only', () => {
    const { doc } = check([allow('a', 1), { kind: 'read', id: 'r', resource: 'R', version: 'v', accept_seq: 1 }]);
    expect(sessionOf(doc).replay.acceptance).toEqual({ permission: 'unknown' });
    expect(brief(theFinding(doc, 'undetermined-decision')).lines).toEqual([1]);
    expect(brief(theFinding(doc, 'duplicate-accept-seq')).lines).toEqual([1, 2]);
  });

  it('fires even when file order happens to agree with every possible acceptance order', () => {
    const { doc } = check([allow('a', 1), allow('b')]);
    expect(sessionOf(doc).replay).toEqual({ storage: { permission: 'allow' }, acceptance: { permission: 'unknown' } });
    expect(brief(theFinding(doc, 'undetermined-decision')).lines).toEqual([2]);
  });

  it('near miss: a missing number on a non-input record leaves input keys known', () => {
    const { doc } = check([allow('a', 1), { kind: 'read', id: 'r', resource: 'R', version: 'v' }]);
    expect(sessionOf(doc).replay.acceptance).toEqual({ permission: 'allow' });
    noFinding(doc, 'undetermined-decision');
  });

  it('near miss: no undetermined-decision in a session without any acceptance order', () => {
    const { doc } = check([allow('a'), revoke('b')]);
    noFinding(doc, 'undetermined-decision');
  });
});

describe('unaccepted-input', () => {
  it('is one info finding per unaccepted input, and changes nothing', () => {
    const base = [allow('a', 1), revoke('b', 2)];
    const { doc } = check([allow('x', 2, { accepted: false }), ...base, revoke('y', undefined, { accepted: false })]);
    expect(findingsOf(doc, 'unaccepted-input').map(brief)).toEqual(
      expect.arrayContaining([
        { code: 'unaccepted-input', severity: 'info', session: 'default', lines: [1] },
        { code: 'unaccepted-input', severity: 'info', session: 'default', lines: [4] },
      ]),
    );
    expect(findingsOf(doc, 'unaccepted-input')).toHaveLength(2);
    expect(sessionOf(doc).replay).toEqual(sessionOf(check(base).doc).replay);
    for (const code of ['duplicate-accept-seq', 'missing-accept-seq', 'storage-order-inversion']) noFinding(doc, code);
  });

  it('near miss: eval records ignore accepted:false and are never unaccepted inputs', () => {
    const { doc } = check([allow('a', 1), { kind: 'eval', id: 'e', status: 'pass', accepted: false }]);
    noFinding(doc, 'unaccepted-input');
    expect(doc.evals).toMatchObject({ observations: 1, pass: 1 });
  });
});

describe('an input whose value is the string "unknown"', () => {
  const setUnknown = (id: string, seq: number) => ({ kind: 'input', id, accept_seq: seq, op: 'set', key: 'permission', value: 'unknown' });

  it('is a decided value: stored after a later-accepted allow, it flips the decision, and nothing is undetermined', () => {
    const { doc } = check([setUnknown('m2', 2), allow('m1', 1)]);
    expect(doc.findings.map(brief).map((f) => [f.code, f.lines])).toEqual([
      ['decision-flip', [1, 2]],
      ['storage-order-inversion', [2]],
    ]);
  });

  it('set alone, raises nothing', () => {
    expect(check([setUnknown('m1', 1)]).doc.findings).toEqual([]);
  });
});
