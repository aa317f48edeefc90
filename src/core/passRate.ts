import type { EvalStatus } from './evals';

/**
 * Lowest and highest pass rate over every way of resolving each disputed
 * identity to one of its own statuses. A pass always raises a rate below 1
 * and a fail or error always lowers it, so a greedy choice per identity is
 * exact; the only care is a resolution with no denominator at all.
 */
export function passRateRange(pass: number, denominator: number, options: readonly ReadonlySet<EvalStatus>[]): [number | null, number | null] {
  const counts = (s: ReadonlySet<EvalStatus>) => ({
    hasPass: s.has('pass'),
    hasFail: s.has('fail') || s.has('error'),
    hasNeutral: s.has('skip') || s.has('unknown'),
  });
  let lowNum = pass;
  let lowDen = denominator;
  let anyPassOption = false;
  let highNum = pass;
  let highDen = denominator;
  let anyFailOption = false;
  for (const s of options) {
    const c = counts(s);
    anyPassOption ||= c.hasPass;
    anyFailOption ||= c.hasFail;
    if (c.hasFail) lowDen++;
    else if (!c.hasNeutral) {
      lowNum++;
      lowDen++;
    }
    if (c.hasPass) {
      highNum++;
      highDen++;
    } else if (!c.hasNeutral) highDen++;
  }
  const low = lowDen > 0 ? lowNum / lowDen : anyPassOption ? 1 : null;
  const high = highDen > 0 ? highNum / highDen : anyFailOption ? 0 : null;
  return [low, high];
}

/**
 * A rate as the page, the CLI and the reports write it: always one decimal (`12.5%`, `100.0%`), so
 * rates side by side read alike ("100%; 75.0%" did not); `n/a` where there is nothing to rate. A
 * rate short of all or above none never rounds to either: 4,999 passes of 5,000 read `100.0%`, as
 * if nothing failed, and now read `>99.9%`.
 */
export function percent(rate: number | null): string {
  if (rate === null) return 'n/a';
  const shown = (rate * 100).toFixed(1);
  if (shown === '100.0' && rate < 1) return '>99.9%';
  if (shown === '0.0' && rate > 0) return '<0.1%';
  return `${shown}%`;
}

/**
 * A pass-rate range's ends as `format` writes them, the second left out when
 * both read alike (a fail-vs-error dispute, or ends that round alike):
 * "50.0% to 50.0%" reads as if resolving the disputes could change the rate.
 */
export function passRateRangeEnds(range: readonly [number | null, number | null], format: (rate: number | null) => string): readonly [string, string?] {
  const low = format(range[0]);
  const high = format(range[1]);
  return low === high ? [low] : [low, high];
}
