import type { Analysis } from '../core/analyze';
import { idField } from '../core/fields';
import type { Finding, SeqRecord } from '../core/model';
import { referencesOf } from '../core/references';
import { perObject } from './memo';
import { recordIndexOf } from './selectors';

const scoped = (session: string, id: string) => `${session}\u0000${id}`;

function push<K>(map: Map<K, number[]>, key: K, value: number): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Who creates each response id and who refers to it, per session, and which findings name each record. */
export const linkIndexOf = perObject((analysis: Analysis) => {
  const creators = new Map<string, number[]>();
  const referrers = new Map<string, number[]>();
  const findingsOf = new Map<number, number[]>();
  analysis.records.forEach((r, i) => {
    if (r.kind === 'response') {
      const id = idField(r, 'response_id');
      if (id !== undefined) push(creators, scoped(r.session, id), i);
    }
    if (r.kind === 'request' || r.kind === 'response') for (const ref of referencesOf(r)) push(referrers, scoped(r.session, ref), i);
  });
  analysis.findings.forEach((f, fi) => {
    for (const i of new Set(f.recordIndex)) if (i >= 0) push(findingsOf, i, fi);
  });
  return { creators, referrers, findingsOf };
});

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

export function linksOf(analysis: Analysis, index: number): RecordLinks {
  const r: SeqRecord = analysis.records[index]!;
  const links = linkIndexOf(analysis);
  const findings = links.findingsOf.get(index) ?? [];
  const refersTo = referencesOf(r).map((ref) => {
    const targets = links.creators.get(scoped(r.session, ref)) ?? [];
    return { ref, targets, stale: targets.some((t) => isStale(analysis.findings, findings, index, t)) };
  });
  const ownId = r.kind === 'response' ? idField(r, 'response_id') : undefined;
  const referredBy = ownId === undefined ? [] : (links.referrers.get(scoped(r.session, ownId)) ?? []);
  const notices: number[] = [];
  const positions = recordIndexOf(analysis);
  if (r.kind === 'notice') {
    const ref = idField(r, 'ref');
    if (ref !== undefined) for (const w of analysis.records) if (w.session === r.session && w.kind === 'write' && String(w.id) === ref) notices.push(positions.get(w)!);
  } else if (r.kind === 'write') {
    for (const n of analysis.records) if (n.session === r.session && n.kind === 'notice' && idField(n, 'ref') === String(r.id)) notices.push(positions.get(n)!);
  }
  return { refersTo, referredBy, notices, findings };
}

/** The record a finding is about: the referrer of a stale reference, the overwriting write, the retry; else its first record. */
export function focusOfFinding(finding: Finding): number | null {
  const valid = finding.recordIndex.filter((i) => i >= 0);
  if (valid.length === 0) return null;
  const lastIsSubject = finding.code === 'stale-reference' || finding.code === 'lost-update' || finding.code === 'retry-after-conflict';
  return lastIsSubject ? valid[valid.length - 1]! : valid[0]!;
}
