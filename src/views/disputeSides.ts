import { canonicalJson } from '../core/canonical';
import type { EvalIdentity } from '../core/evals';
import { field } from '../core/fields';

/** Sides of one disputed identity drawn until asked for all: a case graded 5,000 times drew 5,000 cards, a page 97,000 px tall. */
export const SIDES_SHOWN = 12;

/**
 * Which of a disputed identity's records to draw as sides, in storage order:
 * the first record of each status (however late one comes: that is the
 * dispute), the side at `focused` (the record shown in the detail view, chosen
 * from a finding's chips, say: it is marked as the current side), the first
 * record of each other score while there is room, then the others in order up
 * to `max`. Scores stop at `max` because every grading can carry its own: one
 * side per distinct score drew 50,000 cards.
 */
export function shownSides(identity: Pick<EvalIdentity, 'records' | 'statuses'>, max = SIDES_SHOWN, focused = -1): number[] {
  const n = identity.records.length;
  if (n <= max) return Array.from({ length: n }, (_, k) => k);
  const chosen = new Set<number>();
  if (focused >= 0) chosen.add(focused);
  const statuses = new Set<string>();
  for (let k = 0; k < n; k++) {
    if (statuses.has(identity.statuses[k]!)) continue;
    statuses.add(identity.statuses[k]!);
    chosen.add(k);
  }
  const outcomes = new Set<string>();
  for (let k = 0; k < n && chosen.size < max; k++) {
    const outcome = `${identity.statuses[k]}\u0000${canonicalJson(field(identity.records[k]!, 'score') ?? null)}`;
    if (outcomes.has(outcome)) continue;
    outcomes.add(outcome);
    chosen.add(k);
  }
  for (let k = 0; k < n && chosen.size < max; k++) chosen.add(k);
  return [...chosen].sort((a, b) => a - b);
}
