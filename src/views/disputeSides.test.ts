import { describe, expect, it } from 'vitest';
import type { EvalStatus } from '../core/evals';
import type { SeqRecord } from '../core/model';
import { shownSides } from './disputeSides';

const identity = (statuses: EvalStatus[], scores: (number | undefined)[] = []) => ({
  statuses,
  records: statuses.map((_, k) => ({ kind: 'eval', data: scores[k] === undefined ? {} : { score: scores[k] } }) as unknown as SeqRecord),
});

describe('sides of a disputed identity', () => {
  it('are all drawn when they are few', () => {
    expect(shownSides(identity(['pass', 'fail', 'pass']), 12)).toEqual([0, 1, 2]);
  });

  it('keep the one late outcome that makes the dispute when a case was graded thousands of times', () => {
    const statuses: EvalStatus[] = Array.from({ length: 5000 }, () => 'pass');
    statuses[4999] = 'fail';
    expect(shownSides(identity(statuses), 4)).toEqual([0, 1, 2, 4999]);
  });

  it('tell outcomes apart by score as well as status', () => {
    const statuses: EvalStatus[] = Array.from({ length: 100 }, () => 'pass');
    const scores = statuses.map((_, k) => (k === 70 ? 0.5 : 1));
    expect(shownSides(identity(statuses, scores), 3)).toEqual([0, 1, 70]);
  });

  it('stop at max when every grading has a score of its own, keeping the first of each status', () => {
    const statuses: EvalStatus[] = Array.from({ length: 50_000 }, (_, k) => (k === 40_000 ? 'error' : k % 2 ? 'fail' : 'pass'));
    const scores = statuses.map((_, k) => k);
    expect(shownSides(identity(statuses, scores), 12)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 40_000]);
  });
});
