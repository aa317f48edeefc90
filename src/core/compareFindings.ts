import type { Analysis } from './analyze';
import type { FindingDifferences, UnmatchedFinding } from './comparison';
import type { Steps } from './compareSteps';
import { matchByKey } from './matchByKey';
import type { Finding } from './model';
import { recordIdentity } from './recordIdentity';

/**
 * Findings of one run with no counterpart in the other. Two findings match
 * when they have the same code and session and name the same records by
 * identity (`recordIdentity`), never by line: lines move between runs.
 * Matching is one-to-one, in each run's finding order.
 */
export function* compareFindings(base: Analysis, other: Analysis): Steps<FindingDifferences> {
  const m = yield* matchByKey(
    positions(base.findings),
    positions(other.findings),
    (i) => matchKey(base.findings[i]!, base),
    (j) => matchKey(other.findings[j]!, other),
  );
  return {
    common: m.pairs.length,
    onlyInBase: m.restBase.map((i) => unmatched(base.findings[i]!, i)),
    onlyInOther: m.restOther.map((j) => unmatched(other.findings[j]!, j)),
  };
}

/** Positions, not findings, are matched: an unmatched finding is reported with its index. */
function positions(list: readonly unknown[]): number[] {
  return Array.from(list, (_, i) => i);
}

function matchKey(f: Finding, analysis: Analysis): string {
  const ids = f.recordIndex.map((pos, k) => {
    const r = analysis.records[pos];
    // A finding always names records of its own analysis; the fallback only keeps the key total.
    return r ? recordIdentity(r) : `at\u0000${f.records[k]?.file}:${f.records[k]?.line}`;
  });
  return [f.code, f.session === null ? '\u0001' : f.session, ...ids.sort()].join('\u0000');
}

function unmatched(f: Finding, index: number): UnmatchedFinding {
  return { index, code: f.code, severity: f.severity, session: f.session, message: f.message, records: f.records, recordIndex: f.recordIndex };
}
