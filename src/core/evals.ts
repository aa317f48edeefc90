import { canonicalJson } from './canonical';
import { asId } from './fields';
import type { FindingSink } from './findings';
import type { SeqRecord } from './model';

export type EvalStatus = 'pass' | 'fail' | 'error' | 'skip' | 'unknown';

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
  readonly basis: 'id' | 'case+run' | 'case' | 'synthetic';
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
  /** Identities in a stable order: by identity key. */
  readonly identities: readonly EvalIdentity[];
}

export function evalIdentityOf(r: SeqRecord): { key: string; basis: EvalIdentity['basis']; label: string } {
  if (r.hasId) return { key: `id\u0000${String(r.id)}`, basis: 'id', label: String(r.id) };
  const caseId = asId(r.data.case_id);
  const runId = asId(r.data.run_id);
  if (caseId !== undefined && runId !== undefined) {
    return { key: `run\u0000${caseId}\u0000${runId}`, basis: 'case+run', label: `${caseId} / ${runId}` };
  }
  if (caseId !== undefined) return { key: `case\u0000${caseId}`, basis: 'case', label: caseId };
  return { key: `syn\u0000${String(r.id)}`, basis: 'synthetic', label: String(r.id) };
}

/** Records sharing an identity, classified (spec 3.7). Records must be in storage order. */
export function analyzeEvals(records: readonly SeqRecord[], sink: FindingSink | null): EvalAnalysis | null {
  if (records.length === 0) return null;
  const groups = new Map<string, { basis: EvalIdentity['basis']; label: string; records: SeqRecord[] }>();
  for (const r of records) {
    const id = evalIdentityOf(r);
    const g = groups.get(id.key);
    if (g) g.records.push(r);
    else groups.set(id.key, { basis: id.basis, label: id.label, records: [r] });
  }
  const identities: EvalIdentity[] = [];
  for (const key of [...groups.keys()].sort()) {
    const g = groups.get(key)!;
    const statuses = g.records.map((r) => normaliseStatus(r.data.status));
    // Most identities have one record; comparing content is only needed for the rest.
    let disputed = false;
    let replays = 0;
    let variants = 1;
    if (g.records.length > 1) {
      const outcomes = new Set(g.records.map((r, i) => `${statuses[i]}\u0000${canonicalJson(r.data.score)}`));
      const seen = new Set<string>();
      for (const r of g.records) {
        const c = canonicalJson(r.data);
        if (seen.has(c)) replays++;
        else seen.add(c);
      }
      disputed = outcomes.size > 1;
      variants = seen.size;
    }
    identities.push({
      key,
      basis: g.basis,
      label: g.label,
      records: g.records,
      statuses,
      disputed,
      replays,
      variance: !disputed && variants > 1,
      status: disputed ? null : statuses[0]!,
    });
  }
  if (sink) reportEvalFindings(identities, sink);
  return { summary: summarize(identities), identities };
}

function reportEvalFindings(identities: readonly EvalIdentity[], sink: FindingSink): void {
  for (const id of identities) {
    const recs = id.records;
    if (id.basis === 'case') {
      sink.add(
        'eval-weak-identity',
        null,
        `Eval case ${id.label} has no id and no run_id, so its ${recs.length === 1 ? 'record' : `${recs.length} records`} cannot be told apart from repeated runs: ${sink.labels(recs)}.`,
        recs,
      );
    }
    if (id.disputed) {
      const sides = [...new Set(id.statuses)].join(' vs ');
      sink.add(
        'eval-conflict',
        null,
        `Eval ${id.label} has conflicting results (${sides}${sides.includes(' vs ') ? '' : ', different scores'}) in ${sink.labels(recs)}; it is disputed and left out of the pass rate, with no side chosen.`,
        recs,
      );
    } else if (id.variance) {
      sink.add(
        'eval-annotation-variance',
        null,
        `Eval ${id.label} is recorded ${recs.length} times with the same result but different other fields (such as a note); counted once, every variant kept: ${sink.labels(recs)}.`,
        recs,
      );
    }
    if (id.replays > 0 && !id.disputed && !id.variance) {
      sink.add(
        'eval-replay',
        null,
        `Eval ${id.label} is recorded ${recs.length} times identically; the repeats are replays and count once: ${sink.labels(recs)}.`,
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
