/** Spec 3.7: eval records — the seed's eight fixtures, identities, statuses and the eval finding codes. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evalIdentityOf } from './evalGroups';
import { analyzeEvals, normaliseStatus } from './evals';
import { passRateRangeEnds, percent } from './passRate';
import { analyze } from './analyze';
import { brief, check, findingsOf, noFinding, theFinding, toInput, type Rec } from './test/build';

const ev = (fields: Rec): Rec => ({ kind: 'eval', ...fields });
const summary = (records: Rec[]) => check(records).doc.evals;
const base = { observations: 0, pass: 0, fail: 0, error: 0, skip: 0, unknown: 0, disputed: 0, replays: 0, pass_rate: null, pass_rate_range: null };
const DISPUTED_A = { ...base, observations: 1, disputed: 1, pass_rate: null, pass_rate_range: [0, 1] };

describe('the seed fixtures (spec 3.7 table)', () => {
  const fixtures: [string, Rec[], object][] = [
    ['ids A, B: pass, fail', [ev({ id: 'A', status: 'pass' }), ev({ id: 'B', status: 'fail' })], { ...base, observations: 2, pass: 1, fail: 1, pass_rate: 0.5 }],
    ['id A twice, identical pass', [ev({ id: 'A', status: 'pass' }), ev({ id: 'A', status: 'pass' })], { ...base, observations: 1, pass: 1, replays: 1, pass_rate: 1 }],
    ['id A: pass note a, fail note b', [ev({ id: 'A', status: 'pass', note: 'a' }), ev({ id: 'A', status: 'fail', note: 'b' })], DISPUTED_A],
    ['same with notes swapped', [ev({ id: 'A', status: 'pass', note: 'b' }), ev({ id: 'A', status: 'fail', note: 'a' })], DISPUTED_A],
    ['id A: pass and fail, no notes', [ev({ id: 'A', status: 'pass' }), ev({ id: 'A', status: 'fail' })], DISPUTED_A],
    [
      'case T, runs r1 pass, r2 fail, no ids',
      [ev({ case_id: 'T', run_id: 'r1', status: 'pass' }), ev({ case_id: 'T', run_id: 'r2', status: 'fail' })],
      { ...base, observations: 2, pass: 1, fail: 1, pass_rate: 0.5 },
    ],
    [
      'same with ids',
      [ev({ id: 'T-r1', case_id: 'T', run_id: 'r1', status: 'pass' }), ev({ id: 'T-r2', case_id: 'T', run_id: 'r2', status: 'fail' })],
      { ...base, observations: 2, pass: 1, fail: 1, pass_rate: 0.5 },
    ],
    ['id A, no status', [ev({ id: 'A' })], { ...base, observations: 1, unknown: 1 }],
  ];
  for (const [name, records, expected] of fixtures) {
    it(name, () => {
      expect(summary(records)).toEqual(expected);
      expect(summary([...records].reverse())).toEqual(expected);
    });
  }

  it('the disputed fixtures raise eval-conflict only, naming both records', () => {
    const { doc } = check([ev({ id: 'A', status: 'pass', note: 'a' }), ev({ id: 'A', status: 'fail', note: 'b' })]);
    expect(doc.findings.map(brief)).toEqual([{ code: 'eval-conflict', severity: 'error', session: null, lines: [1, 2] }]);
  });

  it('no eval record: evals is null', () => {
    expect(check([{ kind: 'input', id: 'a', op: 'allow', accept_seq: 1 }]).doc.evals).toBeNull();
  });
});

describe('status normalisation', () => {
  it('maps the spec’s words, ignoring case, and everything else to unknown', () => {
    const table: [unknown, string][] = [
      ['pass', 'pass'], ['PASSED', 'pass'], ['Success', 'pass'], ['true', 'pass'], [true, 'pass'],
      ['fail', 'fail'], ['Failed', 'fail'], ['FALSE', 'fail'], [false, 'fail'],
      ['error', 'error'], ['ERRORED', 'error'],
      ['skip', 'skip'], ['Skipped', 'skip'],
      [undefined, 'unknown'], [null, 'unknown'], ['maybe', 'unknown'], [1, 'unknown'], ['', 'unknown'],
    ];
    for (const [raw, status] of table) expect([raw, normaliseStatus(raw)]).toEqual([raw, status]);
  });

  it('counts identities by normalised status; skip and unknown stay out of the pass rate', () => {
    const records = ['PASSED', 'success', 'Failed', 'ERROR', 'skipped', 'whatever'].map((status, i) => ev({ id: `e${i}`, status }));
    expect(summary([...records, ev({ id: 'none' })])).toEqual({ ...base, observations: 7, pass: 2, fail: 1, error: 1, skip: 1, unknown: 2, pass_rate: 0.5 });
  });

  it('spellings of one status are not a conflict', () => {
    const { doc } = check([ev({ id: 'A', status: 'pass' }), ev({ id: 'A', status: 'PASSED' }), ev({ id: 'A', status: true })]);
    noFinding(doc, 'eval-conflict');
    expect(doc.evals).toMatchObject({ observations: 1, pass: 1, disputed: 0, pass_rate: 1 });
  });
});

describe('identities', () => {
  it('the id wins over case and run; identities span files and sessions', () => {
    const { doc } = check([[ev({ id: 'X', case_id: 'c1', status: 'pass', session: 's1' })], [ev({ id: 'X', case_id: 'c2', run_id: 'r', status: 'fail', session: 's2' })]]);
    const f = theFinding(doc, 'eval-conflict');
    expect([...f.records].sort((a, b) => a.file.localeCompare(b.file))).toEqual([
      { file: 'f0.jsonl', line: 1, id: 'X' },
      { file: 'f1.jsonl', line: 1, id: 'X' },
    ]);
    expect(f.session).toBeNull();
    expect(doc.evals).toMatchObject({ observations: 1, disputed: 1 });
    expect(doc.sessions).toEqual([]);
  });

  it('case + run identify a record across files', () => {
    const { doc } = check([[ev({ case_id: 'T', run_id: 'r1', status: 'pass' })], [ev({ case_id: 'T', run_id: 'r1', status: 'pass' })]]);
    expect(doc.evals).toMatchObject({ observations: 1, replays: 1, pass: 1 });
    expect(brief(theFinding(doc, 'eval-replay'))).toEqual({ code: 'eval-replay', severity: 'info', session: null, lines: [1, 1] });
  });

  it('eval-weak-identity: one warning per case-only identity, naming its records', () => {
    const { doc } = check([ev({ case_id: 'T', status: 'pass' }), ev({ case_id: 'U', status: 'pass' }), ev({ case_id: 'T', status: 'pass', note: 'again' })]);
    const found = findingsOf(doc, 'eval-weak-identity').map(brief);
    expect(found.map((f) => [f.severity, f.session, f.lines]).sort()).toEqual([
      ['warning', null, [1, 3]],
      ['warning', null, [2]],
    ]);
  });

  it('an eval record with neither id nor case_id raises missing-id and stands alone', () => {
    const { doc } = check([ev({ run_id: 'r1', status: 'pass' }), ev({ run_id: 'r1', status: 'fail' })]);
    expect(findingsOf(doc, 'missing-id').map(brief)).toEqual([
      { code: 'missing-id', severity: 'warning', session: null, lines: [1] },
      { code: 'missing-id', severity: 'warning', session: null, lines: [2] },
    ]);
    expect(doc.evals).toMatchObject({ observations: 2, pass: 1, fail: 1, disputed: 0 });
  });

  it('near miss: case + run, or an id, is not weak', () => {
    const { doc } = check([ev({ case_id: 'T', run_id: 'r1', status: 'pass' }), ev({ id: 'x', case_id: 'T', status: 'pass' })]);
    noFinding(doc, 'eval-weak-identity');
  });
});

describe('grouping by identity', () => {
  it('groups every record under the key its own identity has, for ids, case and run, case alone and neither', () => {
    const idish = fc.oneof(fc.constant(undefined), fc.constantFrom('a', 'b', 7, 7.5, '7', ''), fc.constant(null), fc.constant(true));
    fc.assert(
      fc.property(fc.array(fc.record({ id: idish, case_id: idish, run_id: idish, status: fc.constantFrom('pass', 'fail') }), { maxLength: 30 }), (recs) => {
        const records = analyze([toInput(recs.map((r) => ({ kind: 'eval', ...r })))]).records;
        const evals = analyzeEvals(records, null);
        for (const identity of evals?.identities ?? []) for (const r of identity.records) expect(evalIdentityOf(r).key).toBe(identity.key);
        expect(evals?.identities.reduce((n, i) => n + i.records.length, 0) ?? 0).toBe(records.length);
      }),
    );
  });
});

describe('replay, annotation variance and conflict', () => {
  it('eval-replay: one info finding per identity naming all its exact repeats; each repeat is counted', () => {
    const rec = ev({ id: 'A', status: 'fail', score: 0.25, note: 'n', source: 'run.log' });
    const { doc } = check([rec, ev({ id: 'B', status: 'pass' }), rec, rec]);
    expect(brief(theFinding(doc, 'eval-replay'))).toEqual({ code: 'eval-replay', severity: 'info', session: null, lines: [1, 3, 4] });
    expect(doc.evals).toEqual({ ...base, observations: 2, pass: 1, fail: 1, replays: 2, pass_rate: 0.5 });
    noFinding(doc, 'eval-annotation-variance');
  });

  it('eval-annotation-variance: same status and score, another note or source; counted once, not disputed', () => {
    const { doc } = check([ev({ id: 'A', status: 'pass', score: 1, note: 'a' }), ev({ id: 'A', status: 'pass', score: 1, note: 'b' }), ev({ id: 'A', status: 'pass', score: 1, note: 'a', source: 'x' })]);
    expect(brief(theFinding(doc, 'eval-annotation-variance'))).toEqual({ code: 'eval-annotation-variance', severity: 'info', session: null, lines: [1, 2, 3] });
    expect(doc.evals).toEqual({ ...base, observations: 1, pass: 1, pass_rate: 1 });
    noFinding(doc, 'eval-conflict');
    noFinding(doc, 'eval-replay');
  });

  it('replays counts exact repeats even among variants', () => {
    const { doc } = check([ev({ id: 'A', status: 'pass', note: 'a' }), ev({ id: 'A', status: 'pass', note: 'b' }), ev({ id: 'A', status: 'pass', note: 'a' })]);
    expect(doc.evals).toMatchObject({ observations: 1, pass: 1, replays: 1, disputed: 0 });
    theFinding(doc, 'eval-annotation-variance');
  });

  it('eval-conflict: a different score with the same status disputes the identity', () => {
    const { doc } = check([ev({ id: 'A', status: 'pass', score: 0.9 }), ev({ id: 'A', status: 'pass', score: 0.4 })]);
    expect(brief(theFinding(doc, 'eval-conflict'))).toEqual({ code: 'eval-conflict', severity: 'error', session: null, lines: [1, 2] });
    expect(doc.evals).toEqual({ ...base, observations: 1, disputed: 1, pass_rate_range: [1, 1] });
  });

  it('eval-conflict: one finding per identity naming every side, replays included; no variance or replay finding', () => {
    const { doc } = check([ev({ id: 'A', status: 'pass' }), ev({ id: 'A', status: 'pass' }), ev({ id: 'A', status: 'error', note: 'x' })]);
    expect(doc.findings.map(brief)).toEqual([{ code: 'eval-conflict', severity: 'error', session: null, lines: [1, 2, 3] }]);
    expect(doc.evals).toMatchObject({ observations: 1, disputed: 1, replays: 1, pass: 0, error: 0 });
  });

  it('eval records ignore accepted: false', () => {
    const { doc } = check([ev({ id: 'A', status: 'pass', accepted: false }), ev({ id: 'B', status: 'fail' })]);
    expect(doc.evals).toMatchObject({ observations: 2, pass: 1, fail: 1, pass_rate: 0.5 });
  });
});

describe('pass_rate and pass_rate_range', () => {
  it('disputed identities leave the rate; the range resolves each to one of its own statuses', () => {
    const records = [
      ev({ id: 'P', status: 'pass' }),
      ev({ id: 'F', status: 'fail' }),
      ev({ id: 'D1', status: 'pass' }),
      ev({ id: 'D1', status: 'fail' }),
      ev({ id: 'D2', status: 'pass' }),
      ev({ id: 'D2', status: 'skip' }),
    ];
    // low: D1 fail, D2 skip → 1/3; high: both pass → 3/4
    expect(summary(records)).toEqual({ ...base, observations: 4, pass: 1, fail: 1, disputed: 2, pass_rate: 0.5, pass_rate_range: [1 / 3, 3 / 4] });
  });

  it('null ends where no resolution has a denominator', () => {
    expect(summary([ev({ id: 'A', status: 'skip' }), ev({ id: 'A' })])).toMatchObject({ disputed: 1, pass_rate: null, pass_rate_range: [null, null] });
    expect(summary([ev({ id: 'A', status: 'skip' }), ev({ id: 'A', status: 'pass' })])).toMatchObject({ pass_rate: null, pass_rate_range: [1, 1] });
    expect(summary([ev({ id: 'A', status: 'error' }), ev({ id: 'A', status: 'skip' })])).toMatchObject({ pass_rate_range: [0, 0] });
  });
});

describe('passRateRangeEnds', () => {
  const oneDecimal = (x: number | null) => (x === null ? 'n/a' : `${(x * 100).toFixed(1)}%`);
  it('gives both ends as written when they differ', () => {
    expect(passRateRangeEnds([0.25, 0.75], oneDecimal)).toEqual(['25.0%', '75.0%']);
    expect(passRateRangeEnds([null, 1], oneDecimal)).toEqual(['n/a', '100.0%']);
  });
  it('gives one value when the ends are equal or are written alike', () => {
    expect(passRateRangeEnds([0.5, 0.5], oneDecimal)).toEqual(['50.0%']);
    expect(passRateRangeEnds([0.50001, 0.50004], oneDecimal)).toEqual(['50.0%']);
    expect(passRateRangeEnds([null, null], oneDecimal)).toEqual(['n/a']);
  });
});

describe('percent', () => {
  it('writes every rate with one decimal, all and none too, so rates side by side read alike', () => {
    expect([1, 0.75, 0, 2 / 3, null].map(percent)).toEqual(['100.0%', '75.0%', '0.0%', '66.7%', 'n/a']);
  });
  it('never rounds a rate short of all to 100.0% or one above none to 0.0%', () => {
    expect(percent(4999 / 5000)).toBe('>99.9%');
    expect(percent(1 / 5000)).toBe('<0.1%');
    expect(percent(999 / 1000)).toBe('99.9%');
    expect(percent(1 / 1000)).toBe('0.1%');
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 0, max: 1_000_000 }), (den, k) => {
        const pass = k % (den + 1);
        const shown = percent(pass / den);
        expect(shown === '100.0%').toBe(pass === den);
        expect(shown === '0.0%').toBe(pass === 0);
      }),
    );
  });
});
