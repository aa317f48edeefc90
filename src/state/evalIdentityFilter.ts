import type { EvalIdentity, EvalStatus } from '../core/evals';
import { lastCall, perObject } from './memo';

/** Which identities the eval table shows: all, the disputed ones, or the undisputed ones of one status. */
export type IdentityShown = 'all' | 'disputed' | EvalStatus;

/** In the order a reviewer looks for them: what is contested or broken first. */
const SHOWN_ORDER: readonly Exclude<IdentityShown, 'all'>[] = ['disputed', 'fail', 'error', 'pass', 'skip', 'unknown'];

const shownOf = (id: EvalIdentity): Exclude<IdentityShown, 'all'> => (id.disputed ? 'disputed' : id.status!);

/** How many identities each choice shows, choices with none left out; `all` first. */
export const identityCountsOf = perObject((identities: readonly EvalIdentity[]): { shown: IdentityShown; count: number }[] => {
  const counts = new Map<IdentityShown, number>();
  for (const id of identities) counts.set(shownOf(id), (counts.get(shownOf(id)) ?? 0) + 1);
  return [{ shown: 'all' as const, count: identities.length }, ...SHOWN_ORDER.filter((s) => counts.has(s)).map((shown) => ({ shown, count: counts.get(shown)! }))];
});

/** Lower-cased labels, made once per analysis: a sweep has a hundred thousand identities and every keystroke filters them all. */
const lowerLabelsOf = perObject((identities: readonly EvalIdentity[]) => identities.map((id) => id.label.toLowerCase()));

/** The identities a choice and a text (a case-insensitive part of the label) show, in the table's order. */
export const identitiesShown = lastCall((identities: readonly EvalIdentity[], shown: IdentityShown, text: string): readonly EvalIdentity[] => {
  const needle = text.trim().toLowerCase();
  if (shown === 'all' && needle === '') return identities;
  const labels = lowerLabelsOf(identities);
  return identities.filter((id, i) => (shown === 'all' || shownOf(id) === shown) && (needle === '' || labels[i]!.includes(needle)));
});
