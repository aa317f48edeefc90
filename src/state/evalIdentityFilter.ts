import type { EvalIdentity, EvalStatus } from '../core/evals';
import { perObject } from '../core/perObject';
import { lastCall } from './memo';
import { shownMatch, shownSearchOf } from './shownSearch';

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

/**
 * Labels lower-cased, as stored and as the table shows them (`inv⟨U+200B⟩isible`),
 * made once per analysis: a sweep has a hundred thousand identities and every keystroke filters them all.
 */
const labelSearchOf = perObject((identities: readonly EvalIdentity[]) => shownSearchOf(identities.map((id) => id.label)));

/** The identities a choice and a text (a case-insensitive part of the label, as stored or as shown) show, in the table's order. */
export const identitiesShown = lastCall((identities: readonly EvalIdentity[], shown: IdentityShown, text: string): readonly EvalIdentity[] => {
  const needle = text.trim().toLowerCase();
  if (shown === 'all' && needle === '') return identities;
  const labels = labelSearchOf(identities);
  return identities.filter((id, i) => (shown === 'all' || shownOf(id) === shown) && (needle === '' || shownMatch(labels, i, needle) >= 0));
});
