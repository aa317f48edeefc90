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
 * One record's links, looked up in its session's link index (built on the
 * session's first selection) and found among the findings. A pass over the
 * session's records per selection cost 10 ms and 0.8 MB of garbage per
 * next-finding press at a million records; the index costs one such pass per
 * session. The last answer is kept because the panel re-renders at every cutoff step.
 */
export const linksOf = lastCall((analysis: Analysis, index: number): RecordLinks => {
  const r: SeqRecord = analysis.records[index]!;
  const refs = referencesOf(r);
  const links = sessionLinksOf(analysis, r.session);
  const referredBy = r.kind === 'response' ? at(links.referrers, idField(r, 'response_id')) : NONE;
  const notices = r.kind === 'notice' ? at(links.writes, idField(r, 'ref')) : r.kind === 'write' ? at(links.notices, String(r.id)) : NONE;
  const findings: number[] = [];
  analysis.findings.forEach((f, fi) => {
    if (f.recordIndex.includes(index)) findings.push(fi);
  });
  const refersTo = refs.map((ref) => {
    const targets = at(links.responses, ref);
    return { ref, targets, stale: targets.some((t) => isStale(analysis.findings, findings, index, t)) };
  });
  return { refersTo, referredBy, notices, findings };
});

/** Ids to the records (positions among all records, in storage order) that hold them: most ids have one, kept as a bare number. */
type Postings = Map<string, number | number[]>;

/** Who links to whom within one session, by id. */
interface SessionLinks {
  /** response_id to the responses that create it. */
  readonly responses: Postings;
  /** A response id to the requests and responses that refer to it, each once. */
  readonly referrers: Postings;
  /** A write's id to the writes with it. */
  readonly writes: Postings;
  /** A notice's ref to the notices with it. */
  readonly notices: Postings;
}

const NONE: readonly number[] = [];

function at(postings: Postings, id: string | undefined): readonly number[] {
  const found = id === undefined ? undefined : postings.get(id);
  return found === undefined ? NONE : typeof found === 'number' ? [found] : found;
}

function add(postings: Postings, id: string, position: number): void {
  const found = postings.get(id);
  if (found === undefined) postings.set(id, position);
  else if (typeof found === 'number') {
    if (found !== position) postings.set(id, [found, position]);
  } else if (found[found.length - 1] !== position) found.push(position);
}

/** Session link indexes by the records they were built from, then by session name (the records of a file without sessions hold several). */
const sessionLinks = new WeakMap<readonly SeqRecord[], Map<string, SessionLinks>>();

/** The link index of a record's session: built from its own records only (a quarter of a million of four sessions' million), once. */
function sessionLinksOf(analysis: Analysis, session: string): SessionLinks {
  const own = sessionRecordsOf(analysis, session);
  let byName = sessionLinks.get(own);
  if (!byName) sessionLinks.set(own, (byName = new Map()));
  let links = byName.get(session);
  if (!links) byName.set(session, (links = buildSessionLinks(analysis, own, session)));
  return links;
}

function buildSessionLinks(analysis: Analysis, own: readonly SeqRecord[], session: string): SessionLinks {
  const links: SessionLinks = { responses: new Map(), referrers: new Map(), writes: new Map(), notices: new Map() };
  // A link is rare among all records: the position among all records is looked up for the records indexed, not for every record read.
  const positions = recordIndexOf(analysis);
  const place = (k: number) => (own === analysis.records ? k : positions.get(own[k]!)!);
  for (let k = 0; k < own.length; k++) {
    const other = own[k]!;
    if (other.session !== session) continue;
    const kind = other.kind;
    if (kind === 'response') {
      const id = idField(other, 'response_id');
      if (id !== undefined) add(links.responses, id, place(k));
    }
    if (kind === 'request' || kind === 'response') for (const ref of referencesOf(other)) add(links.referrers, ref, place(k));
    if (kind === 'write') add(links.writes, String(other.id), place(k));
    if (kind === 'notice') {
      const ref = idField(other, 'ref');
      if (ref !== undefined) add(links.notices, ref, place(k));
    }
  }
  return links;
}

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
