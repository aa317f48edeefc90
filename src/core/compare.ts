import { compareSessions } from './alignSessions';
import type { Analysis } from './analyze';
import { jsonText } from './canonical';
import { compareDecisions } from './compareDecisions';
import { compareEvals } from './compareEvals';
import { compareFindings } from './compareFindings';
import type { ComparedRun, Comparison, ComparisonCounts, Divergence, EvalComparison, EvalDifference, EvalSide, SessionComparison } from './comparison';
import { runSteps, type Steps } from './compareSteps';
import { andMore } from './countText';
import type { JsonValue } from './model';
import { nothingReadSentence, notWhollyRead } from './notWhollyRead';
import { RecordCiter } from './recordIdentity';

/**
 * Compares two analyses — a base run and another run of the same thing —
 * in acceptance terms: records aligned by acceptance number and identity,
 * decisions by acceptance replay, eval outcomes by identity, findings by
 * code, session and the identities of their records. Pure and deterministic;
 * the result is plain data (see `comparison.ts`).
 */
export function compareAnalyses(base: Analysis, other: Analysis): Comparison {
  return runSteps(compareAnalysesInSteps(base, other));
}

/** `compareAnalyses` in steps (see `compareSteps.ts`), for a page that must not hold its thread for the whole comparison. */
export function* compareAnalysesInSteps(base: Analysis, other: Analysis): Steps<Comparison> {
  const citeBase = new RecordCiter(base);
  const citeOther = new RecordCiter(other);
  const sessions = yield* compareSessions(base, other, citeBase, citeOther);
  const decisions = yield* compareDecisions(base, other, citeBase, citeOther);
  const evals = yield* compareEvals(base, other, citeBase, citeOther);
  const findings = yield* compareFindings(base, other);
  // Each a pass over one run's records (60 ms at 500,000 records and as many cited): one a step.
  yield;
  citeBase.finish();
  yield;
  citeOther.finish();
  const firstDivergence = firstSessionDivergence(sessions) ?? firstEvalDivergence(evals);
  return {
    base: comparedRunOf(base),
    other: comparedRunOf(other),
    diverged: firstDivergence !== null,
    firstDivergence,
    sessions,
    decisions,
    evals,
    findings,
    counts: countsOf(sessions, decisions.length, evals, findings),
    ...readOf(base, other),
  };
}

/** A run's inputs as `notWhollyRead` names them in a comparison: with their run, since the same file may be on both sides. */
export function runInputsNamed(run: Analysis, side: 'base' | 'other'): Parameters<typeof notWhollyRead>[0] {
  return run.inputs.map((i) => ({ name: `the ${side} run's ${i.name}`, itemized: i.itemized, rejected: i.rejected, notes: i.notes }));
}

/** What of the runs was not read. */
function readOf(base: Analysis, other: Analysis): Pick<Comparison, 'notWhollyRead' | 'nothingRead'> {
  const inputs = [...base.inputs, ...other.inputs];
  return {
    notWhollyRead: notWhollyRead([...runInputsNamed(base, 'base'), ...runInputsNamed(other, 'other')], { pointers: false }),
    nothingRead: base.records.length === 0 && other.records.length === 0 ? nothingReadSentence(inputs, 'compared') : null,
  };
}

/** A run's files as a comparison names them. */
export function comparedRunOf(a: Analysis): ComparedRun {
  return { inputs: a.inputs.map((i) => ({ file: i.name, format: i.format, sha256: i.sha256, rejected: i.rejected.length })) };
}

function firstSessionDivergence(sessions: readonly SessionComparison[]): Divergence | null {
  for (const s of sessions) {
    const d = s.differences[0];
    if (d) return { scope: 'session', session: s.session, seq: d.seq, label: null, base: d.base, other: d.other, explanation: d.explanation };
  }
  return null;
}

function firstEvalDivergence(evals: EvalComparison | null): Divergence | null {
  const d = evals?.differences[0];
  if (!d) return null;
  return {
    scope: 'eval',
    session: null,
    seq: null,
    label: d.label,
    base: d.base?.records[0] ?? null,
    other: d.other?.records[0] ?? null,
    explanation: explainEvalDifference(d),
  };
}

function outcomeText(s: EvalSide): string {
  const withScore = (status: string, scores: readonly JsonValue[]) => {
    const shown = scores.filter((x) => x !== null).map((x) => jsonText(x));
    return shown.length ? `${status} with score ${shown.join(' and ')}` : status;
  };
  // Each status with its own score: "disputed (pass vs fail) with score 0 and 1" paired the pass with 0.
  if (s.disputed) return `disputed (${s.outcomes.map((o) => withScore(o.status, [o.score])).join(' vs ')})`;
  return withScore(s.status, s.scores);
}

function whereText(s: EvalSide): string {
  const first = s.records[0];
  if (!first) return '';
  return ` (${first.file}:${first.line}${andMore(s.records.length, 1)})`;
}

/** One sentence for an eval identity whose outcome differs between the runs. */
export function explainEvalDifference(d: EvalDifference): string {
  const { base: b, other: o } = d;
  if (b && o) {
    const name = d.alignedBy === 'case' ? `${b.label} (the other run's ${o.label}, matched by case_id)` : b.label;
    return `Eval ${name} is ${outcomeText(b)} in the base run${whereText(b)} and ${outcomeText(o)} in the other run${whereText(o)}.`;
  }
  const [present, absent, side] = b ? ['base', 'other', b] : ['other', 'base', o!];
  return `Eval ${side.label} is ${outcomeText(side)} in the ${present} run${whereText(side)} and absent from the ${absent} run.`;
}

function countsOf(
  sessions: readonly SessionComparison[],
  decisions: number,
  evals: EvalComparison | null,
  findings: Comparison['findings'],
): ComparisonCounts {
  const records = { same: 0, changed: 0, renumbered: 0, onlyInBase: 0, onlyInOther: 0 };
  const s = { both: 0, onlyInBase: 0, onlyInOther: 0, diverging: 0 };
  for (const x of sessions) {
    if (x.presence === 'both') s.both++;
    else if (x.presence === 'base-only') s.onlyInBase++;
    else s.onlyInOther++;
    if (x.differences.length) s.diverging++;
    records.same += x.counts.same;
    records.changed += x.counts.changed;
    records.renumbered += x.counts.renumbered;
    records.onlyInBase += x.counts.onlyInBase;
    records.onlyInOther += x.counts.onlyInOther;
  }
  const e = evals?.counts;
  return {
    sessions: s,
    records,
    decisions,
    evals: { same: e?.same ?? 0, changed: e?.changed ?? 0, onlyInBase: e?.onlyInBase ?? 0, onlyInOther: e?.onlyInOther ?? 0 },
    findings: { common: findings.common, onlyInBase: findings.onlyInBase.length, onlyInOther: findings.onlyInOther.length },
  };
}
