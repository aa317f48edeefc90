import { canonicalJson, sameJson } from './canonical';
import { formatCount } from './countText';
import { groupEvalRecords, groupsByLabel, membersByGroup, type EvalBasis } from './evalGroups';
import { shownId } from './fields';
import type { FindingsOut } from './findings';
import type { JsonObject, SeqRecord } from './model';
import { passRateRange } from './passRate';


export type EvalStatus = 'pass' | 'fail' | 'error' | 'skip' | 'unknown';

/** Statuses by code: while grouping, a record's status is kept as a byte. */
const STATUSES: readonly EvalStatus[] = ['pass', 'fail', 'error', 'skip', 'unknown'];
const STATUS_CODE: Readonly<Record<EvalStatus, number>> = { pass: 0, fail: 1, error: 2, skip: 3, unknown: 4 };

/** A Map, not an object literal: a status written "constructor" or "__proto__" must not find Object.prototype's members. */
const STATUS_WORDS: ReadonlyMap<string, EvalStatus> = new Map([
  ['pass', 'pass'],
  ['passed', 'pass'],
  ['success', 'pass'],
  ['true', 'pass'],
  ['fail', 'fail'],
  ['failed', 'fail'],
  ['false', 'fail'],
  ['error', 'error'],
  ['errored', 'error'],
  ['skip', 'skip'],
  ['skipped', 'skip'],
]);

export function normaliseStatus(value: unknown): EvalStatus {
  if (typeof value === 'boolean') return value ? 'pass' : 'fail';
  if (typeof value !== 'string') return 'unknown';
  // Most statuses are written as the word itself: no trimmed, lower-cased copy for those.
  return STATUS_WORDS.get(value) ?? STATUS_WORDS.get(value.trim().toLowerCase()) ?? 'unknown';
}

export interface EvalIdentity {
  readonly key: string;
  /** How the identity was formed: an explicit id, case + run, or case alone (weak). */
  readonly basis: EvalBasis;
  readonly label: string;
  /** Records in storage order. */
  readonly records: readonly SeqRecord[];
  readonly statuses: readonly EvalStatus[];
  readonly disputed: boolean;
  /** Records that repeat an earlier record of the identity exactly. */
  readonly replays: number;
  readonly variance: boolean;
  /** The identity's status when undisputed. */
  readonly status: EvalStatus | null;
}

export interface EvalSummary {
  readonly observations: number;
  readonly pass: number;
  readonly fail: number;
  readonly error: number;
  readonly skip: number;
  readonly unknown: number;
  readonly disputed: number;
  readonly replays: number;
  readonly pass_rate: number | null;
  readonly pass_rate_range: readonly [number | null, number | null] | null;
}

export interface EvalAnalysis {
  readonly summary: EvalSummary;
  /** Identities in a stable order: by label, then identity key. */
  readonly identities: readonly EvalIdentity[];
}

/** Records sharing an identity, classified (spec 3.7). Records must be in storage order. */
export function analyzeEvals(records: readonly SeqRecord[], sink: FindingsOut<SeqRecord> | null): EvalAnalysis | null {
  if (records.length === 0) return null;
  const groups = groupEvalRecords(records);
  // Read in storage order, where each record's status sits next to the fields grouping just read;
  // read per identity, records come in random order, a cache miss apiece.
  const statusCodes = new Uint8Array(records.length);
  for (let i = 0; i < records.length; i++) statusCodes[i] = STATUS_CODE[normaliseStatus(records[i]!.data.status)];
  const { starts, members } = membersByGroup(groups.groupOfRecord, groups.keys.length);
  const { disputed, variants } = classifyGroups(records, statusCodes, starts, members);
  const identities: EvalIdentity[] = [];
  for (const g of groupsByLabel(groups.labels, groups.keys)) {
    // Lists made at their size: grown by push, each would take room for 17.
    const from = starts[g]!;
    const own = new Array<SeqRecord>(starts[g + 1]! - from);
    const statuses = new Array<EvalStatus>(own.length);
    for (let k = 0; k < own.length; k++) {
      const i = members[from + k]!;
      own[k] = records[i]!;
      statuses[k] = STATUSES[statusCodes[i]!]!;
    }
    const isDisputed = disputed[g] === 1;
    identities.push({
      key: groups.keys[g]!,
      basis: groups.bases[g]!,
      label: groups.labels[g]!,
      records: own,
      statuses,
      disputed: isDisputed,
      replays: own.length - variants[g]!,
      variance: !isDisputed && variants[g]! > 1,
      status: isDisputed ? null : statuses[0]!,
    });
  }
  if (sink) reportEvalFindings(identities, sink);
  return { summary: summarize(identities), identities };
}

/**
 * Per group, whether its records disagree on their result (a normalised
 * status or a score, spec 3.7) and how many distinct records (by canonical
 * JSON) it holds. Groups are taken in the order they were first met, so each
 * one's first record is read in storage order; most identities have one
 * record, and only the rest need their content compared.
 */
function classifyGroups(
  records: readonly SeqRecord[],
  statusCodes: Uint8Array,
  starts: Int32Array,
  members: Int32Array,
): { disputed: Uint8Array; variants: Int32Array } {
  const count = starts.length - 1;
  const disputed = new Uint8Array(count);
  const variants = new Int32Array(count).fill(1);
  for (let g = 0; g < count; g++) {
    const from = starts[g]!;
    const to = starts[g + 1]!;
    if (to - from < 2) continue;
    const status = statusCodes[members[from]!]!;
    const score = records[members[from]!]!.data.score;
    for (let k = from + 1; k < to && disputed[g] === 0; k++) {
      if (statusCodes[members[k]!] !== status || !sameJson(records[members[k]!]!.data.score, score)) disputed[g] = 1;
    }
    variants[g] = distinctCount(records, members, from, to);
  }
  return { disputed, variants };
}

/** Past this many distinct values, the rest are told apart by text in a set, so a long list stays linear. */
const PAIRWISE_LIMIT = 8;

/**
 * How many distinct records (by canonical JSON of their data) a group
 * holds, its records being `records[members[from]]` up to `members[to]`.
 * Each is compared with the distinct ones found so far, which writes no
 * text for the few records an identity usually has.
 */
function distinctCount(records: readonly SeqRecord[], members: Int32Array, from: number, to: number): number {
  const distinct: JsonObject[] = [];
  for (let k = from; k < to; k++) {
    const data = records[members[k]!]!.data;
    let seen = false;
    for (let d = 0; d < distinct.length && !seen; d++) seen = sameJson(distinct[d]!, data);
    if (seen) continue;
    distinct.push(data);
    if (distinct.length > PAIRWISE_LIMIT) {
      const texts = new Set<string>();
      for (let j = from; j < to; j++) texts.add(canonicalJson(records[members[j]!]!.data));
      return texts.size;
    }
  }
  return distinct.length;
}

/**
 * Messages are joined from their pieces, not written as templates: a template makes a rope of
 * a node per piece, and a sweep's tens of thousands of findings kept them all alive for the
 * collector to copy (as the lost-update messages of writers.ts are joined).
 */
function reportEvalFindings(identities: readonly EvalIdentity[], sink: FindingsOut<SeqRecord>): void {
  for (const id of identities) {
    const recs = id.records;
    if (id.basis === 'case') {
      sink.add(
        'eval-weak-identity',
        null,
        [
          'Eval case ',
          shownId(id.label),
          ' has no id and no run_id, so its ',
          recs.length === 1 ? 'record' : `${formatCount(recs.length)} records`,
          ' cannot be told apart from repeated runs: ',
          sink.labels(recs),
          '.',
        ].join(''),
        recs,
      );
    }
    if (id.disputed) {
      const sides = [...new Set(id.statuses)].join(' vs ');
      sink.add(
        'eval-conflict',
        null,
        [
          'Eval ',
          shownId(id.label),
          ' has conflicting results (',
          sides,
          sides.includes(' vs ') ? '' : ', different scores',
          ') in ',
          sink.labels(recs),
          '; it is disputed and left out of the pass rate, with no side chosen.',
        ].join(''),
        recs,
      );
    } else if (id.variance) {
      sink.add(
        'eval-annotation-variance',
        null,
        [
          'Eval ',
          shownId(id.label),
          ' is recorded ',
          formatCount(recs.length),
          ' times with the same result but different other fields (such as a note); counted once, every variant kept: ',
          sink.labels(recs),
          '.',
        ].join(''),
        recs,
      );
    }
    if (id.replays > 0 && !id.disputed && !id.variance) {
      sink.add(
        'eval-replay',
        null,
        ['Eval ', shownId(id.label), ' is recorded ', formatCount(recs.length), ' times identically; the repeats are replays and count once: ', sink.labels(recs), '.'].join(''),
        recs,
      );
    }
  }
}

function summarize(identities: readonly EvalIdentity[]): EvalSummary {
  const counts = { pass: 0, fail: 0, error: 0, skip: 0, unknown: 0 };
  let disputed = 0;
  let replays = 0;
  const disputedOptions: Set<EvalStatus>[] = [];
  for (const id of identities) {
    replays += id.replays;
    if (id.disputed) {
      disputed++;
      disputedOptions.push(new Set(id.statuses));
    } else counts[id.status!]++;
  }
  const denominator = counts.pass + counts.fail + counts.error;
  return {
    observations: identities.length,
    ...counts,
    disputed,
    replays,
    pass_rate: denominator === 0 ? null : counts.pass / denominator,
    pass_rate_range: disputed === 0 ? null : passRateRange(counts.pass, denominator, disputedOptions),
  };
}
