import type { Comparison } from './comparison';

/** Two eval sweeps with no session between them: they have outcomes to agree on, and no acceptance order. */
export const comparesEvalsOnly = (c: Comparison): boolean => c.sessions.length === 0 && c.evals !== null;

/** What the CLI and the Markdown report say of two runs that do not diverge. */
export function noDivergenceText(c: Comparison): string {
  return comparesEvalsOnly(c) ? 'No divergence: the runs agree on every eval outcome.' : 'No divergence: the runs agree in acceptance terms.';
}
