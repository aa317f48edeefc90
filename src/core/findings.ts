import { formatCount, plural } from './countText';
import { clippedId } from './fields';
import type { Finding, ParsedInput, RecordRef, SeqRecord, Severity } from './model';
import { placeLabel } from './place';
import { recordIndexer } from './recordIndex';

export const SEVERITY_OF: Readonly<Record<string, Severity>> = {
  'duplicate-accept-seq': 'error',
  'decision-flip': 'error',
  'lost-update': 'error',
  'reported-success-on-failure': 'error',
  'stale-reference': 'error',
  'stale-revision': 'error',
  'idempotency-conflict': 'error',
  'eval-conflict': 'error',
  'missing-id': 'warning',
  'missing-accept-seq': 'warning',
  'undetermined-decision': 'warning',
  'unconditional-write': 'warning',
  'retry-after-conflict': 'warning',
  'clear-committed-but-reported-failed': 'warning',
  'dangling-reference': 'warning',
  'eval-weak-identity': 'warning',
  'no-acceptance-order': 'info',
  'storage-order-inversion': 'info',
  'unaccepted-input': 'info',
  'idempotent-replay': 'info',
  'eval-replay': 'info',
  'eval-annotation-variance': 'info',
};

export type FindingCode = keyof typeof SEVERITY_OF;

export const SEVERITY_RANK: Readonly<Record<Severity, number>> = { error: 0, warning: 1, info: 2 };

/** What a finding's message and references read of a record, however records are held (objects, or rows of RecordColumns). */
export interface RecordDescriber<T> {
  fileIndex(record: T): number;
  line(record: T): number;
  hasId(record: T): boolean;
  /** The id as written, or the synthetic `file:line` when absent. */
  id(record: T): string | number;
}

const OBJECT_RECORDS: RecordDescriber<SeqRecord> = {
  fileIndex: (r) => r.fileIndex,
  line: (r) => r.line,
  hasId: (r) => r.hasId,
  id: (r) => r.id,
};

/** What a check raises its findings through: a FindingSink, or one that stands for it with other records (MappedFindings). */
export interface FindingsOut<T> {
  where(record: T): string;
  label(record: T): string;
  labels(records: readonly T[]): string;
  add(code: FindingCode, session: string | null, message: string, records: readonly T[]): void;
}

/** Findings raised about records of one kind (`T`) into a sink of another (`U`), each record mapped as it comes. */
export class MappedFindings<T, U> implements FindingsOut<T> {
  constructor(
    private readonly out: FindingsOut<U>,
    private readonly map: (record: T) => U,
  ) {}

  where(record: T): string {
    return this.out.where(this.map(record));
  }

  label(record: T): string {
    return this.out.label(this.map(record));
  }

  labels(records: readonly T[]): string {
    return this.out.labels(records.map(this.map));
  }

  add(code: FindingCode, session: string | null, message: string, records: readonly T[]): void {
    this.out.add(code, session, message, records.map(this.map));
  }
}

/**
 * Collects findings for one analysis. Checks describe records with `label`,
 * which names the file only when more than one input is loaded. `T` is what
 * stands for a record: the record itself, or its position among the rows of
 * record tables (`describe` says how to read one).
 */
export class FindingSink<T = SeqRecord> implements FindingsOut<T> {
  // The findings raised, a column per field: a log may raise a hundred thousand, and an object
  // per finding held until finish was made, kept alive and copied by the collector for nothing.
  private readonly codes: string[] = [];
  private readonly sessions: (string | null)[] = [];
  private readonly messages: string[] = [];
  private readonly recordLists: (readonly T[])[] = [];
  private readonly fileNames: readonly string[];
  private readonly places: readonly Pick<ParsedInput, 'name' | 'itemized'>[];

  /** `itemized[i]`: input i's records are placed by item, not line (ParsedInput.itemized). */
  constructor(
    fileNames: readonly string[],
    itemized: readonly boolean[] = [],
    private readonly describe: RecordDescriber<T> = OBJECT_RECORDS as unknown as RecordDescriber<T>,
  ) {
    this.fileNames = fileNames;
    this.places = fileNames.map((name, i) => ({ name, itemized: itemized[i] === true }));
  }

  where(record: T): string {
    return placeLabel(this.places, this.describe.fileIndex(record), this.describe.line(record));
  }

  /**
   * A record as a message names it: its id, cut as shownId cuts it, and where
   * it is. A synthetic id already is file:line; repeating it would read as noise.
   */
  label(record: T): string {
    if (!this.describe.hasId(record)) return this.where(record);
    const { text, omitted } = clippedId(String(this.describe.id(record)));
    return omitted > 0 ? `${text}… (${plural(omitted, 'more character')}; ${this.where(record)})` : [text, ' (', this.where(record), ')'].join('');
  }

  /** Joined, not appended: appending made a rope node per label, kept alive with the message. */
  labels(records: readonly T[]): string {
    const shown = Math.min(records.length, 6);
    const parts = new Array<string>(shown);
    for (let i = 0; i < shown; i++) parts[i] = this.label(records[i]!);
    const text = parts.join(', ');
    return records.length > shown ? [text, ' and ', formatCount(records.length - shown), ' more'].join('') : text;
  }

  add(code: FindingCode, session: string | null, message: string, records: readonly T[]): void {
    if (!SEVERITY_OF[code]) throw new Error(`unknown finding code ${code}`);
    this.codes.push(code);
    this.sessions.push(session);
    this.messages.push(message);
    this.recordLists.push(records);
  }

  /** The findings, in their fixed order, with their records' positions in `records` (Analysis.records). */
  finish(this: FindingSink<SeqRecord>, records: readonly SeqRecord[]): Finding[] {
    const indexOf = recordIndexer(records);
    return this.finishAt((r) => indexOf(r) ?? -1, records.length);
  }

  /** `finish`, each record's position given by `positionOf` among `recordCount` records. */
  finishAt(positionOf: (record: T) => number, recordCount: number): Finding[] {
    const { describe } = this;
    const lists = this.recordLists;
    const n = lists.length;
    // Each finding's references are made in the order raised (the order the checks met them in
    // storage), then the findings in their final order, so the list is laid out as it is read.
    const refLists = new Array<RecordRef[]>(n);
    for (let k = 0; k < n; k++) {
      const list = lists[k]!;
      // Lists made at their size: grown by push, each would take room for 17.
      const refs = new Array<RecordRef>(list.length);
      for (let j = 0; j < list.length; j++) {
        const r = list[j]!;
        refs[j] = { file: this.fileNames[describe.fileIndex(r)] ?? '', line: describe.line(r), id: describe.id(r) };
      }
      refLists[k] = refs;
    }
    const { order, severities, indexLists } = this.ordered(positionOf, recordCount);
    const findings = new Array<Finding>(n);
    for (let o = 0; o < n; o++) {
      const k = order[o]!;
      findings[o] = { code: this.codes[k]!, severity: severities[k]!, session: this.sessions[k]!, message: this.messages[k]!, records: refLists[k]!, recordIndex: indexLists[k]! };
    }
    return findings;
  }

  /**
   * `finishAt` without the references: the page reads each record's file,
   * line and id from its own records, so the worker packs positions alone
   * (a hundred thousand findings cite 800,000 records, each reference an
   * object and an id read back from bytes for nothing).
   */
  finishPositions(positionOf: (record: T) => number, recordCount: number): FindingsAtPositions {
    const { order, severities, indexLists } = this.ordered(positionOf, recordCount);
    const inOrder = <V>(byRaised: readonly V[]) => Array.from(order, (k) => byRaised[k]!);
    return {
      count: order.length,
      codes: inOrder(this.codes),
      severities: inOrder(severities),
      sessions: inOrder(this.sessions),
      messages: inOrder(this.messages),
      recordIndex: inOrder(indexLists),
    };
  }

  /** The findings' fixed order (findingOrder), their severities and their records' positions, by the order raised. */
  private ordered(positionOf: (record: T) => number, recordCount: number): { order: Int32Array; severities: Severity[]; indexLists: number[][] } {
    const lists = this.recordLists;
    const n = lists.length;
    const indexLists = new Array<number[]>(n);
    const first = new Int32Array(n);
    for (let k = 0; k < n; k++) {
      const list = lists[k]!;
      const recordIndex = new Array<number>(list.length);
      let min = -1;
      for (let j = 0; j < list.length; j++) {
        const i = positionOf(list[j]!);
        recordIndex[j] = i;
        if (j === 0 || i < min) min = i;
      }
      indexLists[k] = recordIndex;
      first[k] = min;
    }
    return { ...findingOrder(this.codes, this.sessions, first, recordCount), indexLists };
  }
}

/** Findings in their fixed order as columns (the i-th finding's code is `codes[i]`), their records as positions only. */
export interface FindingsAtPositions {
  readonly count: number;
  readonly codes: readonly string[];
  readonly severities: readonly Severity[];
  readonly sessions: readonly (string | null)[];
  readonly messages: readonly string[];
  readonly recordIndex: readonly (readonly number[])[];
}

/**
 * The order of the findings raised — severity, then session (eval findings,
 * which have none, last), then where their first record is stored (`first`,
 * -1 for none), then code, then the order they were raised — so the same
 * inputs always list the same way. Each finding's place is one number when
 * the ranks multiplied fit a double exactly, and the numbers are sorted
 * natively: the page bench's 119,000 findings took ~75 ms to sort with a
 * comparison function, ~20 as numbers. Past that (billions of records and
 * sessions together) they are compared field by field.
 */
export function findingOrder(
  codes: readonly string[],
  sessions: readonly (string | null)[],
  first: Int32Array,
  recordCount: number,
): { order: Int32Array; severities: Severity[] } {
  const n = codes.length;
  const session = ranks(sessions);
  const code = ranks(codes);
  const severityOfCode = code.distinct.map((c) => SEVERITY_OF[c]!);
  const severities = new Array<Severity>(n);
  const severityThenSession = new Int32Array(n);
  for (let k = 0; k < n; k++) {
    const severity = severityOfCode[code.rank[k]!]!;
    severities[k] = severity;
    severityThenSession[k] = SEVERITY_RANK[severity] * session.count + session.rank[k]!;
  }
  // first + 1 runs from 0 (no record) to recordCount.
  const places = recordCount + 1;
  if (3 * session.count * places * code.count * n <= Number.MAX_SAFE_INTEGER) {
    const keys = new Float64Array(n);
    for (let k = 0; k < n; k++) keys[k] = ((severityThenSession[k]! * places + first[k]! + 1) * code.count + code.rank[k]!) * n + k;
    keys.sort();
    const order = new Int32Array(n);
    for (let o = 0; o < n; o++) order[o] = keys[o]! % n;
    return { order, severities };
  }
  const codeRank = code.rank;
  const order = Int32Array.from({ length: n }, (_, k) => k);
  order.sort((a, b) => severityThenSession[a]! - severityThenSession[b]! || first[a]! - first[b]! || codeRank[a]! - codeRank[b]! || a - b);
  return { order, severities };
}

/** Each value's place among the distinct values in text order (null after them all), and how many places there are. */
function ranks(values: readonly (string | null)[]): { rank: Int32Array; count: number; distinct: string[] } {
  const n = values.length;
  // Findings come in runs of one session and often one code: a value like the one before is not looked up again.
  const seen = new Map<string, number>();
  const seenAt = new Int32Array(n);
  let previous: string | null | undefined;
  let id = -1;
  for (let k = 0; k < n; k++) {
    const v = values[k] as string | null;
    if (v !== previous) {
      previous = v;
      id = v === null ? -1 : (seen.get(v) ?? seen.set(v, seen.size).size - 1);
    }
    seenAt[k] = id;
  }
  const distinct = [...seen.keys()].sort();
  const rankOfSeen = new Int32Array(seen.size);
  distinct.forEach((v, r) => (rankOfSeen[seen.get(v)!] = r));
  const rank = new Int32Array(n);
  let hasNull = false;
  for (let k = 0; k < n; k++) {
    const at = seenAt[k]!;
    if (at < 0) hasNull = true;
    rank[k] = at < 0 ? distinct.length : rankOfSeen[at]!;
  }
  return { rank, count: distinct.length + (hasNull ? 1 : 0), distinct };
}
