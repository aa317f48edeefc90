import type { Analysis } from './analyze';
import type { FindingDifferences, UnmatchedFinding } from './comparison';
import type { Finding } from './model';
import { recordIdentity } from './recordIdentity';

/**
 * Findings of one run with no counterpart in the other. Two findings match
 * when they have the same code and session and name the same records by
 * identity (`recordIdentity`), never by line: lines move between runs.
 * Matching is one-to-one, in each run's finding order.
 */
export function compareFindings(base: Analysis, other: Analysis): FindingDifferences {
  const waiting = new Map<string, number[]>();
  other.findings.forEach((f, i) => {
    const key = matchKey(f, other);
    const list = waiting.get(key);
    if (list) list.push(i);
    else waiting.set(key, [i]);
  });
  const matchedOther = new Set<number>();
  const onlyInBase: UnmatchedFinding[] = [];
  let common = 0;
  base.findings.forEach((f, i) => {
    const list = waiting.get(matchKey(f, base));
    const j = list?.shift();
    if (j === undefined) onlyInBase.push(unmatched(f, i));
    else {
      matchedOther.add(j);
      common++;
    }
  });
  const onlyInOther = other.findings.flatMap((f, i) => (matchedOther.has(i) ? [] : [unmatched(f, i)]));
  return { common, onlyInBase, onlyInOther };
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
