/** Eval identities cross as columns and come back the same, in tasks of bounded size. */
import { describe, expect, it } from 'vitest';
import type { EvalAnalysis, EvalIdentity } from '../core/evals';
import type { SeqRecord } from '../core/model';
import { packEvals, unpackEvals } from './packEvals';

const records: SeqRecord[] = Array.from({ length: 10 }, (_, i) => ({
  fileIndex: 0,
  line: i + 1,
  offset: 0,
  length: 0,
  kind: 'eval',
  id: `e${i}`,
  hasId: true,
  session: 'default',
  accepted: true,
  acceptSeq: null,
  data: {},
}));

/** Identity i holds one record, or two that disagree every seventh identity. */
function sweep(count: number): EvalAnalysis {
  const identities = Array.from({ length: count }, (_, i): EvalIdentity => {
    const disputed = i % 7 === 0;
    return {
      key: `k${i}`,
      basis: 'case+run',
      label: `case-${i} / r1`,
      records: disputed ? [records[i % 10]!, records[(i + 1) % 10]!] : [records[i % 10]!],
      statuses: disputed ? ['pass', 'fail'] : ['pass'],
      disputed,
      replays: 0,
      variance: false,
      status: disputed ? null : 'pass',
    };
  });
  const summary: EvalAnalysis['summary'] = { observations: count, pass: count, fail: 0, error: 0, skip: 0, unknown: 0, disputed: 0, replays: 0, pass_rate: 1, pass_rate_range: null };
  return { summary, identities };
}

describe('packed evals', () => {
  it('come back equal to what was packed, a chunk of identities per task', async () => {
    const evals = sweep(300_000);
    const packed = packEvals(evals, (r) => records.indexOf(r))!;
    let yields = 0;
    const back = await unpackEvals(packed, records, async () => {
      yields++;
    });
    expect(back).toEqual(evals);
    // 300,000 identities at 131,072 per task: two pauses between three tasks.
    expect(yields).toBe(2);
  });
});
