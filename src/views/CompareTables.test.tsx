// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { compareAnalyses } from '../core/compare';
import type { UnmatchedFinding } from '../core/comparison';
import { analysisOf } from '../state/testAnalysis';
import { CompareEvals } from './CompareEvalTable';
import { CompareFindings } from './CompareFindingLists';
import { comparisonCounts, verdictOf } from './CompareTables';
import { comparedPassRate } from '../core/comparisonReport';

const inversion = (lines: readonly number[]): UnmatchedFinding => ({
  index: 0,
  code: 'storage-order-inversion',
  severity: 'warning',
  session: 'deploy-7',
  message: 'Session deploy-7 stores records after one accepted later.',
  records: lines.map((line) => ({ file: 'bad.jsonl', line, id: `m${line}` })),
  recordIndex: lines.map(() => -1),
});

describe('findings only in one run', () => {
  afterEach(cleanup);

  it('say how many records they name beyond the places shown, as the findings list does', () => {
    render(<CompareFindings findings={{ common: 0, onlyInBase: [], onlyInOther: [inversion([2, 3, 4, 5, 6])] }} />);
    const item = screen.getByRole('list', { name: 'Findings only in the other run' }).querySelector('li')!;
    expect(item.textContent).toContain('bad.jsonl:2, bad.jsonl:3, bad.jsonl:4, bad.jsonl:5 and 1 more');
  });

  it('name every place of a finding with few records, with nothing more to say', () => {
    render(<CompareFindings findings={{ common: 0, onlyInBase: [], onlyInOther: [inversion([2, 3])] }} />);
    const item = screen.getByRole('list', { name: 'Findings only in the other run' }).querySelector('li')!;
    expect(item.textContent).toMatch(/bad\.jsonl:2, bad\.jsonl:3$/);
  });

  it('group how many there are in the heading, as every count is written', () => {
    const many = Array.from({ length: 1234 }, (_, k) => ({ ...inversion([2]), index: k }));
    render(<CompareFindings findings={{ common: 0, onlyInBase: many, onlyInOther: [] }} />);
    expect(screen.getByRole('heading', { name: /only in the base run/ }).textContent).toBe('Findings only in the base run (1,234)');
  });
});

const sweep = (run: string, c2: string) => [
  { kind: 'eval', case_id: 'c1', run_id: run, status: 'pass' },
  { kind: 'eval', case_id: 'c2', run_id: run, status: c2 },
];

describe('the counts of a comparison', () => {
  afterEach(cleanup);

  it('say one as one, and count no records for two eval sweeps, which have none aligned by accept_seq', async () => {
    const result = compareAnalyses(await analysisOf({ name: 'a.jsonl', lines: sweep('r1', 'pass') }), await analysisOf({ name: 'b.jsonl', lines: sweep('r2', 'fail') }));
    expect(comparisonCounts(result)).toBe('1 eval outcome changed · 0 findings in one run only');
    render(<CompareEvals evals={result.evals!} base={undefined as never} />);
    expect(screen.getByText(/with the same outcome/).textContent).toContain('· 1 identity with the same outcome.');
  });

  it('count a case run in one sweep only apart from the outcomes that changed, and give two sweeps a verdict on their outcomes, not on an acceptance order they lack', async () => {
    const more = [...sweep('r2', 'fail'), { kind: 'eval', case_id: 'c3', run_id: 'r2', status: 'pass' }, { kind: 'eval', case_id: 'c4', run_id: 'r2', status: 'pass' }];
    const result = compareAnalyses(await analysisOf({ name: 'a.jsonl', lines: sweep('r1', 'pass') }), await analysisOf({ name: 'b.jsonl', lines: more }));
    expect(comparisonCounts(result)).toBe('1 eval outcome changed · 2 eval identities in one run only · 0 findings in one run only');
    expect(verdictOf(result)).toBe("The runs' eval outcomes differ.");
    const same = compareAnalyses(await analysisOf({ name: 'a.jsonl', lines: sweep('r1', 'pass') }), await analysisOf({ name: 'b.jsonl', lines: sweep('r1', 'pass') }));
    expect(verdictOf(same)).toBe('The runs agree: the same eval outcomes.');
  });

  it('say one decision and one finding as one in two runs of a session', async () => {
    const run = (value: string, seq: number) => [
      { kind: 'input', id: 'm1', session: 's', accept_seq: 1, op: 'set', key: 'mode', value },
      { kind: 'input', id: 'm2', session: 's', accept_seq: seq, op: 'allow' },
    ];
    const result = compareAnalyses(await analysisOf({ name: 'run.jsonl', lines: run('safe', 2) }), await analysisOf({ name: 'run.jsonl', lines: run('fast', 2) }));
    expect(comparisonCounts(result)).toBe('1 records the same · 1 changed · 0 renumbered · 0 in one run only · 1 decision differs · 0 findings in one run only');
  });

  it('say plainly when neither run has a finding, or both the same one', () => {
    const { rerender } = render(<CompareFindings findings={{ common: 0, onlyInBase: [], onlyInOther: [] }} />);
    expect(screen.getByText(/finding/).textContent).toBe('Neither run has a finding.');
    rerender(<CompareFindings findings={{ common: 1, onlyInBase: [], onlyInOther: [] }} />);
    expect(screen.getByText(/finding/).textContent).toBe('Both runs have the same finding.');
  });
});

describe('the pass rates of two compared runs', () => {
  it('say what a run with disputed identities leaves out, as the eval summary does', async () => {
    const base = await analysisOf({ name: 'a.jsonl', lines: [...sweep('r1', 'pass'), { kind: 'eval', case_id: 'c2', run_id: 'r1', status: 'fail' }] });
    const other = await analysisOf({ name: 'b.jsonl', lines: [...sweep('r2', 'pass'), { kind: 'eval', case_id: 'c3', run_id: 'r2', status: 'fail' }] });
    const result = compareAnalyses(base, other);
    expect(comparedPassRate(result.evals!.base)).toBe('100.0% (1 disputed identity left out: 50.0% to 100.0% as resolved)');
    expect(comparedPassRate(result.evals!.other)).toBe('66.7%');
    expect(comparedPassRate(null)).toBe('n/a');
  });
});

describe('a record cited in the comparison tables', () => {
  afterEach(cleanup);

  it('lets its file name wrap after its separators and keeps its :line whole, so a phone is not made wider', async () => {
    const result = compareAnalyses(await analysisOf({ name: 'log_read_sample.jsonl', lines: sweep('r1', 'pass') }), await analysisOf({ name: 'log_streaming.jsonl', lines: sweep('r2', 'fail') }));
    render(<CompareEvals evals={result.evals!} base={undefined as never} />);
    const row = screen.getByRole('table', { name: 'Eval outcomes that differ' }).querySelector('tbody tr')!;
    const [base, other] = [...row.querySelectorAll('.record-link-place')];
    expect(base!.closest('button')).not.toBeNull();
    expect(base!.textContent).toBe('log_read_sample.jsonl:2');
    expect(base!.querySelectorAll('.record-link-name wbr')).toHaveLength(3);
    expect(base!.querySelector('.record-link-line')!.textContent).toBe(':2');
    expect(other!.querySelector('.record-link-line')!.textContent).toBe(':2');
  });
});

describe('a disputed identity in the eval outcomes', () => {
  afterEach(cleanup);

  it('names each status with its own score', async () => {
    const base = await analysisOf({ name: 'a.jsonl', lines: [{ kind: 'eval', case_id: 'c1', run_id: 'r1', status: 'fail', score: 0 }, { kind: 'eval', case_id: 'c1', run_id: 'r1', status: 'pass', score: 1 }] });
    const other = await analysisOf({ name: 'b.jsonl', lines: [{ kind: 'eval', case_id: 'c1', run_id: 'r1', status: 'pass', score: 1 }] });
    render(<CompareEvals evals={compareAnalyses(base, other).evals!} base={undefined as never} />);
    const cells = screen.getByRole('table', { name: 'Eval outcomes that differ' }).querySelectorAll('tbody td');
    expect(cells[1]!.textContent).toBe('disputed (pass score 1 vs fail score 0) a.jsonl:1');
    expect(cells[2]!.textContent).toBe('pass score 1 b.jsonl:1');
  });
});
