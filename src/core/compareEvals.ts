import type { Analysis } from './analyze';
import { canonicalJson } from './canonical';
import type { EvalChange, EvalComparison, EvalDifference, EvalOutcome, EvalSide } from './comparison';
import { normaliseStatus, type EvalIdentity, type EvalStatus } from './evals';
import { field, idField } from './fields';
import type { JsonValue } from './model';
import { compareText, STEP, sortInSteps, type Steps } from './compareSteps';
import { matchByKey } from './matchByKey';
import { recordIdentity, type RecordCiter } from './recordIdentity';

const STATUS_ORDER: readonly EvalStatus[] = ['pass', 'fail', 'error', 'skip', 'unknown'];

/**
 * Eval identities of the two runs aligned by identity key (spec 3.7). Two
 * runs of one sweep usually carry different run ids, so identities left
 * unpaired are then paired by `case_id` — but only a case that is a single
 * identity in each run, where the pairing cannot be a guess. Records with
 * neither id nor case_id are identified by file:line, so they are paired by
 * content instead.
 */
export function* compareEvals(base: Analysis, other: Analysis, citeBase: RecordCiter, citeOther: RecordCiter): Steps<EvalComparison | null> {
  if (!base.evals && !other.evals) return null;
  const b = base.evals?.identities ?? [];
  const o = other.evals?.identities ?? [];
  const pairs = yield* alignIdentities(b, o);
  const counts = { base: b.length, other: o.length, alignedByIdentity: 0, alignedByFallback: 0, same: 0, changed: 0, onlyInBase: 0, onlyInOther: 0 };
  const differences: EvalDifference[] = [];
  let work = 0;
  for (const p of pairs) {
    if (++work % STEP === 0) yield;
    if (p.alignedBy === 'identity') counts.alignedByIdentity++;
    else if (p.alignedBy !== null) counts.alignedByFallback++;
    const bo = p.base ? outcomeOf(p.base) : null;
    const oo = p.other ? outcomeOf(p.other) : null;
    const change = changeOf(bo, oo);
    if (change === null) {
      counts.same++;
      continue;
    }
    if (change === 'only-in-base') counts.onlyInBase++;
    else if (change === 'only-in-other') counts.onlyInOther++;
    else counts.changed++;
    // Records are cited only for identities that differ: a sweep of thousands of unchanged cases cites nothing.
    const bs = bo && { ...bo, records: p.base!.records.map((r) => citeBase.cite(r)) };
    const os = oo && { ...oo, records: p.other!.records.map((r) => citeOther.cite(r)) };
    differences.push({ label: (bs ?? os)!.label, change, alignedBy: p.alignedBy, base: bs, other: os });
  }
  yield* sortInSteps(differences, (x, y) => compareText(x.label, y.label) || compareText((x.base ?? x.other)!.key, (y.base ?? y.other)!.key));
  return { base: base.evals?.summary ?? null, other: other.evals?.summary ?? null, counts, differences };
}

interface IdentityPair {
  readonly base: EvalIdentity | null;
  readonly other: EvalIdentity | null;
  readonly alignedBy: EvalDifference['alignedBy'];
}

/** The pairs in no order that matters: their differences are sorted by label and key. */
function* alignIdentities(base: readonly EvalIdentity[], other: readonly EvalIdentity[]): Steps<IdentityPair[]> {
  const keyOf = (i: EvalIdentity) => i.key;
  const byKey = yield* matchByKey(base, other, keyOf, keyOf);
  const baseCases = yield* singleIdentityCases(base);
  const otherCases = yield* singleIdentityCases(other);
  const byFallback = yield* matchByKey(
    byKey.restBase,
    byKey.restOther,
    (i) => fallbackKey(i, baseCases),
    (j) => fallbackKey(j, otherCases),
  );
  const pairs: IdentityPair[] = byKey.pairs.map(([i, j]) => ({ base: i, other: j, alignedBy: 'identity' }));
  for (const [i, j] of byFallback.pairs) pairs.push({ base: i, other: j, alignedBy: i.basis === 'synthetic' ? 'content' : 'case' });
  for (const i of byFallback.restBase) pairs.push({ base: i, other: null, alignedBy: null });
  for (const j of byFallback.restOther) pairs.push({ base: null, other: j, alignedBy: null });
  return pairs;
}

/**
 * The second chance of an identity left unpaired: its case, when the case
 * is a single identity of its run; or, for a record with neither id nor
 * case_id (whose identity is its file:line), its content.
 */
function fallbackKey(i: EvalIdentity, singleCases: ReadonlySet<string>): string | undefined {
  if (i.basis === 'synthetic') return `content\u0000${recordIdentity(i.records[0]!)}`;
  const c = caseOf(i);
  return c !== undefined && singleCases.has(c) ? `case\u0000${c}` : undefined;
}

function caseOf(i: EvalIdentity): string | undefined {
  return idField(i.records[0]!, 'case_id');
}

/** Case ids held by exactly one identity of a run. */
function* singleIdentityCases(identities: readonly EvalIdentity[]): Steps<Set<string>> {
  const seen = new Map<string, number>();
  let work = 0;
  for (const i of identities) {
    if (++work % STEP === 0) yield;
    const c = caseOf(i);
    if (c !== undefined) seen.set(c, (seen.get(c) ?? 0) + 1);
  }
  return new Set([...seen].filter(([, n]) => n === 1).map(([c]) => c));
}

type Outcome = Omit<EvalSide, 'records'>;

function outcomeOf(i: EvalIdentity): Outcome {
  const present = new Set(i.statuses);
  const scores = new Map<string, JsonValue>();
  const outcomes = new Map<string, EvalOutcome>();
  for (const r of i.records) {
    const s = field(r, 'score') ?? null;
    const k = canonicalJson(s);
    if (!scores.has(k)) scores.set(k, s);
    const status = normaliseStatus(field(r, 'status'));
    if (!outcomes.has(`${status}\u0000${k}`)) outcomes.set(`${status}\u0000${k}`, { status, score: s });
  }
  return {
    key: i.key,
    label: i.label,
    status: i.disputed ? 'disputed' : i.status!,
    statuses: STATUS_ORDER.filter((s) => present.has(s)),
    disputed: i.disputed,
    scores: [...scores.values()],
    outcomes: [...outcomes.values()].sort((a, b) => STATUS_ORDER.indexOf(a.status) - STATUS_ORDER.indexOf(b.status)),
  };
}

function changeOf(b: Outcome | null, o: Outcome | null): EvalChange | null {
  if (!o) return 'only-in-base';
  if (!b) return 'only-in-other';
  if (b.status !== o.status || b.statuses.join() !== o.statuses.join()) return 'status';
  const scoreSet = (s: Outcome) => s.scores.map((x) => canonicalJson(x)).sort().join('\u0000');
  return scoreSet(b) === scoreSet(o) ? null : 'score';
}
