/** pass_rate_range (3.7) against brute-force enumeration of every resolution, and a reference model of the whole summary. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EvalStatus } from './evals';
import { passRateRange } from './passRate';
import { check, type Rec } from './test/build';
import { evalRecord } from './test/arbitraries';

const STATUSES: EvalStatus[] = ['pass', 'fail', 'error', 'skip', 'unknown'];

/** Every way of picking one status per disputed identity: lowest and highest defined rate, null where none is defined. */
function bruteForceRange(pass: number, denominator: number, options: readonly EvalStatus[][]): [number | null, number | null] {
  let low: number | null = null;
  let high: number | null = null;
  const visit = (i: number, num: number, den: number): void => {
    if (i === options.length) {
      if (den === 0) return;
      const rate = num / den;
      low = low === null || rate < low ? rate : low;
      high = high === null || rate > high ? rate : high;
      return;
    }
    for (const s of options[i]!) visit(i + 1, num + (s === 'pass' ? 1 : 0), den + (s === 'pass' || s === 'fail' || s === 'error' ? 1 : 0));
  };
  visit(0, pass, denominator);
  return [low, high];
}

describe('passRateRange', () => {
  it('equals brute-force enumeration over all resolutions', () => {
    const options = fc.array(fc.subarray(STATUSES, { minLength: 1 }), { maxLength: 6 });
    fc.assert(
      fc.property(fc.nat(4), fc.nat(4), options, (pass, others, opts) => {
        const got = passRateRange(pass, pass + others, opts.map((o) => new Set(o)));
        expect(got).toEqual(bruteForceRange(pass, pass + others, opts));
      }),
      { numRuns: 2000 },
    );
  });

  it('small hand cases', () => {
    expect(passRateRange(0, 0, [new Set<EvalStatus>(['pass', 'fail'])])).toEqual([0, 1]);
    expect(passRateRange(0, 0, [new Set<EvalStatus>(['skip', 'unknown'])])).toEqual([null, null]);
    expect(passRateRange(0, 0, [new Set<EvalStatus>(['pass', 'skip'])])).toEqual([1, 1]);
    expect(passRateRange(1, 2, [new Set<EvalStatus>(['pass', 'fail']), new Set<EvalStatus>(['pass', 'skip'])])).toEqual([1 / 3, 3 / 4]);
  });
});

const NORMALISED: Record<string, EvalStatus> = { pass: 'pass', fail: 'fail', error: 'error', skip: 'skip' };

/** The summary of spec 3.7, computed independently for records from `evalRecord` (one spelling per status). */
function referenceSummary(records: readonly Rec[]) {
  const groups = new Map<string, Rec[]>();
  records.forEach((r, i) => {
    const key =
      r.id !== undefined ? `id:${String(r.id)}` : r.case_id !== undefined && r.run_id !== undefined ? `run:${String(r.case_id)}/${String(r.run_id)}` : r.case_id !== undefined ? `case:${String(r.case_id)}` : `line:${i}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  });
  const counts = { pass: 0, fail: 0, error: 0, skip: 0, unknown: 0 };
  const disputedOptions: EvalStatus[][] = [];
  let replays = 0;
  for (const group of groups.values()) {
    const status = (r: Rec) => NORMALISED[String(r.status)] ?? 'unknown';
    const outcomes = new Set(group.map((r) => JSON.stringify([status(r), r.score ?? null])));
    const seen = new Set<string>();
    for (const r of group) {
      const content = JSON.stringify(r);
      if (seen.has(content)) replays++;
      seen.add(content);
    }
    if (outcomes.size > 1) disputedOptions.push([...new Set(group.map(status))]);
    else counts[status(group[0]!)]++;
  }
  const den = counts.pass + counts.fail + counts.error;
  return {
    observations: groups.size,
    ...counts,
    disputed: disputedOptions.length,
    replays,
    pass_rate: den === 0 ? null : counts.pass / den,
    pass_rate_range: disputedOptions.length === 0 ? null : bruteForceRange(counts.pass, den, disputedOptions),
  };
}

describe('the eval summary against a reference model of 3.7', () => {
  it('agrees on random record sets', () => {
    fc.assert(
      fc.property(fc.array(evalRecord, { minLength: 1, maxLength: 12 }), (records) => {
        expect(check(records).doc.evals).toEqual(referenceSummary(records));
      }),
      { numRuns: 1000 },
    );
  });
});
