import { describe, expect, it } from 'vitest';
import { analyzeEvals } from '../core/evals';
import type { SeqRecord } from '../core/model';
import { identitiesShown, identityCountsOf } from './evalIdentityFilter';

const record = (line: number, data: Record<string, string | number>): SeqRecord => ({
  fileIndex: 0,
  line,
  offset: -1,
  length: 0,
  kind: 'eval',
  id: `x.jsonl:${line}`,
  hasId: false,
  session: 'default',
  accepted: true,
  acceptSeq: null,
  data: { kind: 'eval', ...data },
});

const sweep = analyzeEvals(
  [
    record(1, { case_id: 'Login-01', run_id: 'r1', status: 'pass' }),
    record(2, { case_id: 'login-02', run_id: 'r1', status: 'fail' }),
    record(3, { case_id: 'logout-01', run_id: 'r1', status: 'error' }),
    record(4, { case_id: 'search-01', run_id: 'r1', status: 'pass' }),
    record(5, { case_id: 'search-01', run_id: 'r1', status: 'fail' }),
  ],
  null,
)!.identities;

const labels = (ids: readonly { label: string }[]) => ids.map((i) => i.label);

describe('the eval identities table filter', () => {
  it('counts what each choice shows, contested and broken first, choices with none left out', () => {
    expect(identityCountsOf(sweep)).toEqual([
      { shown: 'all', count: 4 },
      { shown: 'disputed', count: 1 },
      { shown: 'fail', count: 1 },
      { shown: 'error', count: 1 },
      { shown: 'pass', count: 1 },
    ]);
  });

  it('shows the identities of one choice, or those whose label holds a text in any case, or both', () => {
    expect(identitiesShown(sweep, 'all', '')).toBe(sweep);
    expect(labels(identitiesShown(sweep, 'disputed', ''))).toEqual(['search-01 / r1']);
    expect(labels(identitiesShown(sweep, 'all', ' LOGIN'))).toEqual(['Login-01 / r1', 'login-02 / r1']);
    expect(labels(identitiesShown(sweep, 'fail', 'login'))).toEqual(['login-02 / r1']);
    expect(identitiesShown(sweep, 'pass', 'logout')).toEqual([]);
  });

  it('finds a label holding an invisible character by the mark the table shows for it, as well as by the character', () => {
    const ids = analyzeEvals([record(1, { case_id: 'inv\u200Bisible', run_id: 'r1', status: 'pass' }), record(2, { case_id: 'visible', run_id: 'r1', status: 'pass' })], null)!.identities;
    expect(labels(identitiesShown(ids, 'all', 'U+200B'))).toEqual(['inv\u200Bisible / r1']);
    expect(labels(identitiesShown(ids, 'all', 'inv⟨u+200b⟩is'))).toEqual(['inv\u200Bisible / r1']);
    expect(labels(identitiesShown(ids, 'all', 'inv\u200B'))).toEqual(['inv\u200Bisible / r1']);
    expect(labels(identitiesShown(ids, 'all', 'visible'))).toEqual(['visible / r1']);
  });
});

