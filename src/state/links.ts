import type { Analysis } from '../core/analyze';
import { idField } from '../core/fields';
import type { Finding, SeqRecord } from '../core/model';
import { referencesOf } from '../core/references';
import { lastCall } from './memo';
import { recordIndexOf } from './selectors';

export interface RecordLinks {
  /** Each reference the record makes, with the responses that create that id (empty: dangling) and whether it is stale. */
  readonly refersTo: readonly { readonly ref: string; readonly targets: readonly number[]; readonly stale: boolean }[];
  readonly referredBy: readonly number[];
  /** A notice's failed write, or the notices that surfaced this write. */
  readonly notices: readonly number[];
  readonly findings: readonly number[];
}

function isStale(findings: readonly Finding[], ids: readonly number[], self: number, target: number): boolean {
  return ids.some((fi) => {
    const f = findings[fi]!;
    return f.code === 'stale-reference' && f.recordIndex[f.recordIndex.length - 1] === self && f.recordIndex[0] === target;
  });
}

/**
 * One record's links, found by one pass over the records and findings. An
 * index of every response id built on first selection cost half a second
 * and tens of MB at a million records for a panel that shows one record;
 * the pass costs milliseconds, and the last answer is kept because the panel
 * re-renders at every cutoff step.
 */
export const linksOf = lastCall((analysis: Analysis, index: number): RecordLinks => {
  const r: SeqRecord = analysis.records[index]!;
  const refs = referencesOf(r);
  const targetsOf = refs.map((): number[] => []);
  const ownId = r.kind === 'response' ? idField(r, 'response_id') : undefined;
  const noticeRef = r.kind === 'notice' ? idField(r, 'ref') : undefined;
  const writeId = r.kind === 'write' ? String(r.id) : undefined;
  const referredBy: number[] = [];
  const notices: number[] = [];
  // Only the record's own session can link to it: its records are read, not the whole file's (a quarter of a million of four sessions' million).
  const own = sessionRecordsOf(analysis, r.session);
  // A link is rare: the position among all records is looked up for the few found, not for every record read.
  const positions = recordIndexOf(analysis);
  const place = (k: number) => (own === analysis.records ? k : positions.get(own[k]!)!);
  for (let k = 0; k < own.length; k++) {
    const other = own[k]!;
    if (other.session !== r.session) continue;
    const kind = other.kind;
    if (kind === 'response' && refs.length > 0) {
      const id = idField(other, 'response_id');
      if (id !== undefined) for (let j = 0; j < refs.length; j++) if (refs[j] === id) targetsOf[j]!.push(place(k));
    }
    if (ownId !== undefined && (kind === 'request' || kind === 'response') && referencesOf(other).includes(ownId)) referredBy.push(place(k));
    if (noticeRef !== undefined && kind === 'write' && String(other.id) === noticeRef) notices.push(place(k));
    if (writeId !== undefined && kind === 'notice' && idField(other, 'ref') === writeId) notices.push(place(k));
  }
  const findings: number[] = [];
  analysis.findings.forEach((f, fi) => {
    if (f.recordIndex.includes(index)) findings.push(fi);
  });
  const refersTo = refs.map((ref, k) => {
    const targets = targetsOf[k]!;
    return { ref, targets, stale: targets.some((t) => isStale(analysis.findings, findings, index, t)) };
  });
  return { refersTo, referredBy, notices, findings };
});

/** The records of one session in storage order, or every record where the analysis has no such session (then the session test filters them). */
function sessionRecordsOf(analysis: Analysis, session: string): readonly SeqRecord[] {
  return analysis.sessions.find((s) => s.session === session)?.records ?? analysis.records;
}

/** The record a finding is about: the referrer of a stale reference, the overwriting write, the retry; else its first record. */
export function focusOfFinding(finding: Finding): number | null {
  const valid = finding.recordIndex.filter((i) => i >= 0);
  if (valid.length === 0) return null;
  const lastIsSubject = finding.code === 'stale-reference' || finding.code === 'lost-update' || finding.code === 'retry-after-conflict';
  return lastIsSubject ? valid[valid.length - 1]! : valid[0]!;
}
