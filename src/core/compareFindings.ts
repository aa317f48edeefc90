import type { Analysis } from './analyze';
import type { FindingDifferences, UnmatchedFinding } from './comparison';
import { STEP, type Steps } from './compareSteps';
import type { Finding } from './model';
import { recordIdentity } from './recordIdentity';

/**
 * Findings of one run with no counterpart in the other. Two findings match
 * when they have the same code and session and name the same records by
 * identity (`recordIdentity`), never by line: lines move between runs.
 * Matching is one-to-one, in each run's finding order.
 */
export function* compareFindings(base: Analysis, other: Analysis): Steps<FindingDifferences> {
  const waiting = new Map<string, { list: number[]; next: number }>();
  for (let i = 0; i < other.findings.length; i++) {
    const key = matchKey(other.findings[i]!, other);
    const q = waiting.get(key);
    if (q) q.list.push(i);
    else waiting.set(key, { list: [i], next: 0 });
    if (i % STEP === STEP - 1) yield;
  }
  const matchedOther = new Uint8Array(other.findings.length);
  const onlyInBase: UnmatchedFinding[] = [];
  let common = 0;
  for (let i = 0; i < base.findings.length; i++) {
    const f = base.findings[i]!;
    const q = waiting.get(matchKey(f, base));
    if (q && q.next < q.list.length) {
      matchedOther[q.list[q.next++]!] = 1;
      common++;
    } else onlyInBase.push(unmatched(f, i));
    if (i % STEP === STEP - 1) yield;
  }
  const onlyInOther: UnmatchedFinding[] = [];
  other.findings.forEach((f, i) => {
    if (!matchedOther[i]) onlyInOther.push(unmatched(f, i));
  });
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
