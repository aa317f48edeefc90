import type { Analysis } from '../core/analyze';
import { idField } from '../core/fields';
import type { Finding, SeqRecord } from '../core/model';
import { referencesOf } from '../core/references';
import { perObject } from '../core/perObject';
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

/**
 * The responses whose ids `self` uses after a clear: its stale-reference findings name the response first and
 * the record last. Gathered once, not searched per reference: a compaction naming 50,000 ids searched its
 * 50,000 findings for each, a 5 s task at its selection.
 */
function staleTargets(findings: readonly Finding[], ids: readonly number[], self: number): ReadonlySet<number> {
  const targets = new Set<number>();
  for (const fi of ids) {
    const f = findings[fi]!;
    if (f.code === 'stale-reference' && f.recordIndex[f.recordIndex.length - 1] === self) targets.add(f.recordIndex[0]!);
  }
  return targets;
}

/**
 * One record's links, looked up in its session's link index (each part built
 * once, when a selection first needs it) and found among the findings. A pass
 * over the session's records at every selection of a response cost ~50 ms and
 * 5 MB of garbage at a million records; the index costs one such pass per
 * part and session. The last answer is kept because the panel re-renders at
 * every cutoff step.
 */
export const linksOf = lastCall((analysis: Analysis, index: number): RecordLinks => {
  const r: SeqRecord = analysis.records[index]!;
  const refs = referencesOf(r);
  const linked = (part: LinkPart, id: string | undefined) => at(sessionLinksOf(analysis, r.session, part), id);
  const referredBy = r.kind === 'response' ? linked('referrers', idField(r, 'response_id')) : NONE;
  const notices = r.kind === 'notice' ? linked('writes', idField(r, 'ref')) : r.kind === 'write' ? linked('notices', String(r.id)) : NONE;
  const findings: number[] = [];
  analysis.findings.forEach((f, fi) => {
    if (f.recordIndex.includes(index)) findings.push(fi);
  });
  const stale = staleTargets(analysis.findings, findings, index);
  const refersTo = refs.map((ref) => {
    const targets = linked('responses', ref);
    return { ref, targets, stale: targets.some((t) => stale.has(t)) };
  });
  return { refersTo, referredBy, notices, findings };
});

/** Ids to the records (positions among all records, in storage order) that hold them: most ids have one, kept as a bare number. */
type Postings = Map<string, number | number[]>;

/**
 * The parts of a session's link index, each the ids a kind of record holds:
 * response_id of responses; the ids requests and responses refer to (each
 * referrer once); a write's id; a notice's ref. Each part is built when a
 * selection first needs it: a log without notices never indexes its writes
 * (a third of the index, ~1 MB a session at 10^6 records).
 */
const LINK_PARTS = {
  responses(r: SeqRecord, put: (id: string | undefined) => void) {
    if (r.kind === 'response') put(idField(r, 'response_id'));
  },
  referrers(r: SeqRecord, put: (id: string | undefined) => void) {
    if (r.kind === 'request' || r.kind === 'response') for (const ref of referencesOf(r)) put(ref);
  },
  writes(r: SeqRecord, put: (id: string | undefined) => void) {
    if (r.kind === 'write') put(String(r.id));
  },
  notices(r: SeqRecord, put: (id: string | undefined) => void) {
    if (r.kind === 'notice') put(idField(r, 'ref'));
  },
};
type LinkPart = keyof typeof LINK_PARTS;

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

/** Records read between two looks at the idle time left: a few milliseconds' worth at a million records. */
export const LINK_SLICE = 8192;

/**
 * A part of a session's link index being built: the idle warm-up reads its records a slice at a
 * time, so that a session of a million records is not one task of 0.2-0.3 s; a selection that
 * needs the part first reads the rest at once.
 */
class LinkPartBuild {
  readonly postings: Postings = new Map();
  private read = 0;

  constructor(
    private readonly analysis: Analysis,
    private readonly own: readonly SeqRecord[],
    private readonly session: string,
    private readonly part: LinkPart,
  ) {}

  /** Reads on until every record is read (true) or `more` says to stop, asked after each slice. */
  run(more: () => boolean = () => true): boolean {
    const { analysis, own, session, postings } = this;
    // A link is rare among all records: the position among all records is looked up for the records indexed, not for every record read.
    const positions = recordIndexOf(analysis);
    const visit = LINK_PARTS[this.part];
    let k = this.read;
    const put = (id: string | undefined) => {
      if (id !== undefined) add(postings, id, own === analysis.records ? k : positions.get(own[k]!)!);
    };
    while (k < own.length) {
      for (const end = Math.min(own.length, k + LINK_SLICE); k < end; k++) {
        const other = own[k]!;
        if (other.session === session) visit(other, put);
      }
      if (k < own.length && !more()) break;
    }
    this.read = k;
    return k >= own.length;
  }
}

/** Link index parts (built, or being built) by the records they come from, then by session name (the records of a file without sessions hold several). */
const sessionLinks = perObject((_: readonly SeqRecord[]) => new Map<string, Partial<Record<LinkPart, Postings | LinkPartBuild>>>());

function partsOf(analysis: Analysis, session: string) {
  const own = sessionRecordsOf(analysis, session);
  const byName = sessionLinks(own);
  let parts = byName.get(session);
  if (!parts) byName.set(session, (parts = {}));
  return { own, parts };
}

/** One part of the link index of a session, read to the end, or null when `more` stopped it first. */
function buildPart(analysis: Analysis, session: string, part: LinkPart, more?: () => boolean): Postings | null {
  const { own, parts } = partsOf(analysis, session);
  const found = parts[part];
  if (found instanceof Map) return found;
  const build = found ?? (parts[part] = new LinkPartBuild(analysis, own, session, part));
  if (!build.run(more)) return null;
  return (parts[part] = build.postings);
}

/** One part of the link index of a record's session: built from its own records only (a quarter of a million of four sessions' million), once. */
function sessionLinksOf(analysis: Analysis, session: string, part: LinkPart): Postings {
  return buildPart(analysis, session, part)!;
}

/**
 * Builds ahead the parts of a session's link index that selecting a request
 * or a response asks for (about 70 ms a session of a quarter of a million
 * records, 0.2-0.3 s one of a million), for the page to do while idle, while
 * `more` says there is time; true once both are built, false when it stopped
 * first (and goes on from there when called again). The parts for writes and
 * notices stay built when first needed.
 */
export function prepareSessionLinks(analysis: Analysis, session: string, more?: () => boolean): boolean {
  return buildPart(analysis, session, 'responses', more) !== null && buildPart(analysis, session, 'referrers', more) !== null;
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
