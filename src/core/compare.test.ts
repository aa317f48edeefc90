import { describe, expect, it } from 'vitest';
import { analyze, type Analysis } from './analyze';
import { compareAnalyses } from './compare';
import type { ParsedInput } from './model';
import { allow, revoke, toInput, type Rec } from './test/build';

/** One run: a single file whose records are on lines 1, 2, 3 … */
function run(records: readonly Rec[], name: string): Analysis {
  return analyze([toInput(records, name)]);
}

function compare(base: readonly Rec[], other: readonly Rec[]) {
  return compareAnalyses(run(base, 'base.jsonl'), run(other, 'other.jsonl'));
}

const o0 = [allow('m1', 1), revoke('m2', 2)];
const o1 = [revoke('m2', 2), allow('m1', 1)];

describe('compareAnalyses: records aligned in acceptance terms', () => {
  it('finds nothing between identical logs', () => {
    const c = compare(o0, o0);
    expect(c.diverged).toBe(false);
    expect(c.firstDivergence).toBeNull();
    expect(c.sessions).toEqual([
      { session: 'default', presence: 'both', counts: { base: 2, other: 2, same: 2, changed: 0, renumbered: 0, onlyInBase: 0, onlyInOther: 0 }, differences: [] },
    ]);
    expect(c.decisions).toEqual([]);
    expect(c.evals).toBeNull();
    expect(c.findings).toEqual({ common: 0, onlyInBase: [], onlyInOther: [] });
    expect(c.base.inputs).toEqual([{ file: 'base.jsonl', format: 'native-jsonl', sha256: '', rejected: 0 }]);
  });

  it('does not call a record stored elsewhere but accepted at the same number a divergence', () => {
    const c = compare(o0, o1);
    expect(c.diverged).toBe(false);
    expect(c.sessions[0]!.counts.same).toBe(2);
    // Acceptance decides deny in both runs; only the other run's file order disagrees, which its findings say.
    expect(c.decisions).toEqual([]);
    expect(c.findings.common).toBe(0);
    expect(c.findings.onlyInBase).toEqual([]);
    expect(c.findings.onlyInOther.map((f) => f.code)).toEqual(['decision-flip', 'storage-order-inversion']);
    expect(c.findings.onlyInOther[0]!.index).toBe(0);
  });

  it('tells a key undetermined in one run from one decided as the string "unknown" in the other', () => {
    const set = (id: string, seq: number | undefined, value: string): Rec => ({ kind: 'input', id, ...(seq === undefined ? {} : { accept_seq: seq }), op: 'set', key: 'k', value });
    const c = compare([set('m1', 1, 'unknown')], [set('m1', undefined, 'unknown')]);
    expect(c.decisions.map((d) => [d.key, d.base?.setter?.id ?? null, d.other?.setter ?? null])).toEqual([['k', 'm1', null]]);
    expect(compare([set('m1', 1, 'unknown')], [set('m1', 1, 'unknown')]).decisions).toEqual([]);
  });

  it('ignores write times: two runs of the same thing are written at different times', () => {
    const c = compare([allow('m1', 1, { ts: '2025-01-01T00:00:00Z' })], [allow('m1', 1, { ts: '2025-06-01T00:00:00Z', accepted_at: 'x' })]);
    expect(c.diverged).toBe(false);
  });

  it('names the first divergence and the decision it flips, with the setters', () => {
    const base = [allow('m1', 1), revoke('m2', 2), allow('m3', 3)];
    const other = [allow('m1', 1), allow('m2', 2), allow('m3', 3), revoke('m4', 4)];
    const c = compare(base, other);
    expect(c.diverged).toBe(true);
    expect(c.firstDivergence).toEqual({
      scope: 'session',
      session: 'default',
      seq: 2,
      label: null,
      base: { file: 'base.jsonl', line: 2, id: 'm2', hasId: true, kind: 'input', seq: 2, index: 1 },
      other: { file: 'other.jsonl', line: 2, id: 'm2', hasId: true, kind: 'input', seq: 2, index: 1 },
      explanation: 'At accept_seq 2 of session default, the base run accepted input m2 (base.jsonl:2) and the other run input m2 (other.jsonl:2), which differ in op.',
    });
    expect(c.sessions[0]!.differences.map((d) => [d.kind, d.seq, d.fields])).toEqual([
      ['changed', 2, ['op']],
      ['only-in-other', 4, []],
    ]);
    expect(c.decisions).toHaveLength(1);
    const d = c.decisions[0]!;
    expect([d.session, d.key, d.base!.acceptance, d.other!.acceptance]).toEqual(['default', 'permission', 'allow', 'deny']);
    expect([d.base!.setter!.id, d.other!.setter!.id]).toEqual(['m3', 'm4']);
  });

  it('pairs two records swapped in acceptance order by number, not by id', () => {
    const c = compare([allow('a', 1), revoke('b', 2)], [revoke('b', 1), allow('a', 2)]);
    expect(c.sessions[0]!.differences.map((d) => [d.kind, d.seq, d.base!.id, d.other!.id])).toEqual([
      ['changed', 1, 'a', 'b'],
      ['changed', 2, 'b', 'a'],
    ]);
    expect(c.decisions.map((d) => [d.base!.acceptance, d.other!.acceptance])).toEqual([['deny', 'allow']]);
  });

  it('says a record is missing in one run at its acceptance number', () => {
    const c = compare([allow('a', 1), revoke('b', 2), allow('c', 3)], [allow('a', 1), allow('c', 3)]);
    const [d] = c.sessions[0]!.differences;
    expect(d).toMatchObject({ kind: 'only-in-base', seq: 2, other: null, base: { id: 'b', line: 2 } });
    expect(d!.explanation).toBe('At accept_seq 2 of session default, the base run accepted input b (base.jsonl:2) and the other run accepted nothing with that number.');
    expect(c.counts.records).toEqual({ same: 2, changed: 0, renumbered: 0, onlyInBase: 1, onlyInOther: 0 });
  });

  it('pairs records without a number by id, and says when a number appears or disappears', () => {
    const c = compare([allow('a', 1), revoke('b'), allow('x')], [allow('a', 1), revoke('b', 2), allow('x')]);
    const diffs = c.sessions[0]!.differences;
    expect(diffs.map((d) => [d.kind, d.seq, d.base!.seq, d.other!.seq])).toEqual([['renumbered', 2, null, 2]]);
    expect(diffs[0]!.explanation).toBe(
      'In session default, input b (base.jsonl:2) has no accept_seq in the base run but input b (other.jsonl:2) has accept_seq 2 in the other run.',
    );
    expect(c.sessions[0]!.counts.same).toBe(2);
  });

  it('treats a number shared the same way in both runs as the same evidence', () => {
    const shared = [allow('a', 2), revoke('b', 2)];
    expect(compare(shared, [...shared].reverse()).diverged).toBe(false);
    const c = compare(shared, [allow('a', 2), revoke('b', 3)]);
    expect(c.sessions[0]!.differences.map((d) => [d.kind, d.base?.id, d.other?.seq])).toEqual([['renumbered', 'b', 3]]);
  });

  it('aligns records without an id by their content, whatever their synthetic file:line id', () => {
    const noId = { kind: 'input', op: 'allow' };
    const c = compare([noId, allow('z', 1)], [allow('z', 1), { ...noId }]);
    expect(c.diverged).toBe(false);
    // The missing-id warnings name the same record in both runs, on different lines.
    expect(c.findings.onlyInBase).toEqual([]);
    expect(c.findings.onlyInOther).toEqual([]);
    expect(c.findings.common).toBeGreaterThan(0);
  });

  it('reports sessions present in one run only, and orders divergences by session name', () => {
    const base = [allow('a', 1, { session: 's2' })];
    const other = [allow('a', 1, { session: 's2' }), revoke('q', 1, { session: 's3' }), allow('p', 1, { session: 's1' })];
    const c = compare(base, other);
    expect(c.sessions.map((s) => [s.session, s.presence, s.differences.length])).toEqual([
      ['s1', 'other-only', 1],
      ['s2', 'both', 0],
      ['s3', 'other-only', 1],
    ]);
    expect(c.firstDivergence!.session).toBe('s1');
    expect(c.firstDivergence!.explanation).toBe('Session s1 exists only in the other run, which accepted input p (other.jsonl:3) at accept_seq 1.');
    expect(c.decisions.map((d) => [d.session, d.base, d.other!.acceptance])).toEqual([
      ['s1', null, 'allow'],
      ['s3', null, 'deny'],
    ]);
    expect(c.counts.sessions).toEqual({ both: 1, onlyInBase: 0, onlyInOther: 2, diverging: 2 });
  });

  it('matches findings by code, session and record ids, not by line', () => {
    const flip = [revoke('m2', 2), allow('m1', 1)];
    const c = compare(flip, [{ kind: 'note', id: 'extra' }, ...flip]);
    expect(c.findings).toEqual({ common: 2, onlyInBase: [], onlyInOther: [] });
  });

  it('is deterministic plain data whose record positions select the cited records', () => {
    const base = run([allow('a', 1), revoke('b', 2)], 'base.jsonl');
    const other = run([revoke('b', 2), { kind: 'note', id: 'n' }, allow('a', 1), allow('c', 3)], 'other.jsonl');
    const c = compareAnalyses(base, other);
    expect(compareAnalyses(base, other)).toEqual(c);
    expect(JSON.parse(JSON.stringify(c))).toEqual(c);
    const cited = c.sessions[0]!.differences[0]!.other!;
    expect(other.records[cited.index]!.id).toBe('c');
  });
});

describe('compareAnalyses: eval outcomes', () => {
  const ev = (case_id: string, status: string, extra: Rec = {}) => ({ kind: 'eval', case_id, run_id: 'r1', status, ...extra });

  it('names a case that went from pass to fail, with the first divergence', () => {
    const c = compare([ev('T1', 'pass'), ev('T2', 'pass', { note: 'ok' })], [ev('T1', 'pass'), ev('T2', 'fail', { note: 'broke' })]);
    expect(c.evals!.differences).toHaveLength(1);
    const d = c.evals!.differences[0]!;
    expect([d.label, d.change, d.alignedBy, d.base!.status, d.other!.status]).toEqual(['T2 / r1', 'status', 'identity', 'pass', 'fail']);
    expect(c.evals!.counts).toMatchObject({ same: 1, changed: 1, onlyInBase: 0, onlyInOther: 0, alignedByIdentity: 2 });
    expect(c.diverged).toBe(true);
    expect(c.firstDivergence).toMatchObject({ scope: 'eval', label: 'T2 / r1', base: { line: 2 }, other: { line: 2 } });
    expect(c.firstDivergence!.explanation).toBe('Eval T2 / r1 is pass in the base run (base.jsonl:2) and fail in the other run (other.jsonl:2).');
    expect([c.evals!.base!.pass_rate, c.evals!.other!.pass_rate]).toEqual([1, 0.5]);
  });

  it('ignores a changed note, and reports a changed score', () => {
    expect(compare([ev('T', 'pass', { note: 'a' })], [ev('T', 'pass', { note: 'b' })]).diverged).toBe(false);
    const c = compare([ev('T', 'pass', { score: 1 })], [ev('T', 'pass', { score: 0.5 })]);
    expect(c.evals!.differences.map((d) => [d.change, d.base!.scores, d.other!.scores])).toEqual([['score', [1], [0.5]]]);
  });

  it('pairs two runs of one sweep by case when their run ids differ, but only unambiguous cases', () => {
    const base = [ev('T1', 'pass'), ev('T2', 'pass'), ev('T3', 'pass'), ev('T3', 'fail', { run_id: 'r1b' })];
    const other = [ev('T1', 'pass', { run_id: 'r2' }), ev('T2', 'error', { run_id: 'r2' }), ev('T3', 'pass', { run_id: 'r2' })];
    const c = compare(base, other);
    expect(c.evals!.counts).toMatchObject({ alignedByFallback: 2, same: 1, changed: 1, onlyInBase: 2, onlyInOther: 1 });
    expect(c.evals!.differences.map((d) => [d.label, d.change, d.alignedBy])).toEqual([
      ['T2 / r1', 'status', 'case'],
      ['T3 / r1', 'only-in-base', null],
      ['T3 / r1b', 'only-in-base', null],
      ['T3 / r2', 'only-in-other', null],
    ]);
    expect(c.firstDivergence!.explanation).toBe(
      "Eval T2 / r1 (the other run's T2 / r2, matched by case_id) is pass in the base run (base.jsonl:2) and error in the other run (other.jsonl:2).",
    );
  });

  it('reports an identity disputed in one run, and one present in one run only', () => {
    const c = compare([ev('T', 'pass'), ev('T', 'fail'), ev('U', 'skip')], [ev('T', 'pass')]);
    expect(c.evals!.differences.map((d) => [d.label, d.change, d.base?.status, d.base?.statuses, d.other?.status])).toEqual([
      ['T / r1', 'status', 'disputed', ['pass', 'fail'], 'pass'],
      ['U / r1', 'only-in-base', 'skip', ['skip'], undefined],
    ]);
    expect(c.evals!.differences[0]!.base!.records.map((r) => r.line)).toEqual([1, 2]);
    expect(c.firstDivergence!.explanation).toBe('Eval T / r1 is disputed (pass vs fail) in the base run (base.jsonl:1 and 1 more) and pass in the other run (other.jsonl:1).');
  });

  it('tells a disputed identity as each status with its own score, statuses in their fixed order', () => {
    const c = compare([ev('T', 'fail', { score: 0 }), ev('T', 'pass', { score: 1 }), ev('T', 'failed', { score: 0 })], [ev('T', 'pass', { score: 1 })]);
    expect(c.evals!.differences[0]!.base!.outcomes).toEqual([
      { status: 'pass', score: 1 },
      { status: 'fail', score: 0 },
    ]);
    // Statuses and scores listed apart ("disputed (pass vs fail) with score 0 and 1") paired the pass with 0.
    expect(c.firstDivergence!.explanation).toBe('Eval T / r1 is disputed (pass with score 1 vs fail with score 0) in the base run (base.jsonl:1 and 2 more) and pass with score 1 in the other run (other.jsonl:1).');
  });

  it('has no eval comparison when neither run has evals, and a one-sided one otherwise', () => {
    expect(compare(o0, o0).evals).toBeNull();
    const c = compare(o0, [...o0, ev('T', 'pass')]);
    expect(c.evals!.base).toBeNull();
    expect(c.evals!.differences.map((d) => d.change)).toEqual(['only-in-other']);
    expect(c.firstDivergence!.explanation).toBe('Eval T / r1 is pass in the other run (other.jsonl:3) and absent from the base run.');
  });
});

describe('compareAnalyses: what of the runs was read', () => {
  const partial = (input: ParsedInput): ParsedInput => ({ ...input, notes: [...input.notes, { line: null, message: 'the gzip stream ends early', partial: true }] });

  it('is silent when every line of both runs was read', () => {
    const c = compare(o0, o0);
    expect(c.notWhollyRead).toBeNull();
    expect(c.nothingRead).toBeNull();
  });

  it('names, with its run, an input cut off and one with lines not read as records, though the runs agree', () => {
    const rejecting = toInput(o0, 'same.jsonl');
    const c = compareAnalyses(analyze([partial(toInput(o0, 'same.jsonl'))]), analyze([{ ...rejecting, rejected: [{ line: 3, reason: 'not JSON' }] }]));
    expect(c.diverged).toBe(false);
    expect(c.notWhollyRead).toBe("the base run's same.jsonl was not read to its end; 1 line of the other run's same.jsonl was not read as a record");
    expect(c.nothingRead).toBeNull();
  });

  it('says nothing was read, and why, when neither run holds a record', () => {
    expect(compare([], []).nothingRead).toBe('Nothing was read as a record, so nothing was compared: the inputs hold none.');
    const junk = { ...toInput([], 'junk.bin'), rejected: [{ line: 1, reason: 'not JSON' }] };
    const c = compareAnalyses(analyze([junk]), run([], 'empty.jsonl'));
    expect(c.nothingRead).toBe('Nothing was read as a record, so nothing was compared; see the rejected lines above.');
    expect(c.notWhollyRead).toBe("1 line of the base run's junk.bin was not read as a record");
  });
});
