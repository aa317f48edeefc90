import type { Analysis, SessionAnalysis } from './analyze';
import type { ComparedRecord, RecordDifference, RecordDifferenceKind, SessionComparison, SessionPresence } from './comparison';
import { alignParticipants, byAcceptancePosition, hasSeq, seqOf, type Pair, type Participants } from './compareAlign';
import { sameComparableContent } from './recordIdentity';
import { STEP, type Steps } from './compareSteps';
import { describeRecord, differingFields, type RecordCiter } from './recordIdentity';

/**
 * Session by session, the two runs' participants (accepted, analysed,
 * non-eval records) aligned in acceptance terms — never by time:
 *
 * 1. records holding the same `accept_seq` are paired; where a number is
 *    shared in a run, the records under it are paired by identity;
 * 2. what is left (no number, or a number the other run gives to nothing
 *    of the same identity) is paired by identity (`recordIdentity`);
 * 3. the rest exists in one run only.
 */
export function* compareSessions(base: Analysis, other: Analysis, citeBase: RecordCiter, citeOther: RecordCiter): Steps<SessionComparison[]> {
  const baseByName = new Map(base.sessions.map((s) => [s.session, s]));
  const otherByName = new Map(other.sessions.map((s) => [s.session, s]));
  const names = [...new Set([...baseByName.keys(), ...otherByName.keys()])].sort();
  const out: SessionComparison[] = [];
  for (const name of names) {
    const b = baseByName.get(name);
    const o = otherByName.get(name);
    const presence: SessionPresence = b && o ? 'both' : b ? 'base-only' : 'other-only';
    out.push(yield* compareSession(name, presence, participantsOf(b), participantsOf(o), citeBase, citeOther));
  }
  return out;
}

const NONE: Participants = { records: [], bySeq: new Int32Array(0) };

function participantsOf(s: SessionAnalysis | undefined): Participants {
  return s ? { records: s.ordering.participants, bySeq: s.ordering.bySeq } : NONE;
}

function* compareSession(
  session: string,
  presence: SessionPresence,
  base: Participants,
  other: Participants,
  citeBase: RecordCiter,
  citeOther: RecordCiter,
): Steps<SessionComparison> {
  const { seqBase, seqOther, rest } = yield* alignParticipants(base, other);
  const counts = { base: base.records.length, other: other.records.length, same: 0, changed: 0, renumbered: 0, onlyInBase: 0, onlyInOther: 0 };
  const differences: RecordDifference[] = [];
  // Pairs under one number and the rest, each list in acceptance order, merged; a tie goes to the former, as a stable sort of both would.
  for (let k = 0, m = 0, work = 0; k < seqBase.length || m < rest.length; ) {
    const r = rest[m];
    const fromSeq = k < seqBase.length && (!r || byAcceptancePosition(r.base, r.other, seqBase[k]!, seqOther[k]!) >= 0);
    const p: Pair = fromSeq ? { base: seqBase[k]!, other: seqOther[k]!, bySeq: true } : r!;
    if (fromSeq) k++;
    else m++;
    if (++work >= STEP) {
      work = 0;
      yield;
    }
    const kind = differenceKind(p);
    if (kind === null) {
      counts.same++;
      continue;
    }
    if (kind === 'changed') counts.changed++;
    else if (kind === 'renumbered') counts.renumbered++;
    else if (kind === 'only-in-base') counts.onlyInBase++;
    else counts.onlyInOther++;
    const b = p.base ? citeBase.cite(p.base) : null;
    const o = p.other ? citeOther.cite(p.other) : null;
    const fields = p.base && p.other ? differingFields(p.base, p.other) : [];
    const seq = seqOf(p.base, p.other);
    const lacking = kind === 'only-in-base' ? other : base;
    const ctx: ExplainContext = { session, presence, seq, fields, numberUsedElsewhere: seq !== null && hasSeq(lacking, seq) };
    differences.push({ kind, seq, base: b, other: o, fields, explanation: explain(kind, b, o, ctx) });
  }
  return { session, presence, counts, differences };
}

function differenceKind(p: Pair): RecordDifferenceKind | null {
  if (!p.other) return 'only-in-base';
  if (!p.base) return 'only-in-other';
  if (!p.bySeq && p.base.acceptSeq !== p.other.acceptSeq) return 'renumbered';
  return sameComparableContent(p.base.data, p.other.data) ? null : 'changed';
}

interface ExplainContext {
  readonly session: string;
  readonly presence: SessionPresence;
  readonly seq: number | null;
  readonly fields: readonly string[];
  /** Whether the run lacking the record has any participant with that number. */
  readonly numberUsedElsewhere: boolean;
}

function seqText(c: ComparedRecord): string {
  return c.seq === null ? 'no accept_seq' : `accept_seq ${c.seq}`;
}

function explain(kind: RecordDifferenceKind, b: ComparedRecord | null, o: ComparedRecord | null, ctx: ExplainContext): string {
  const { session, seq, fields } = ctx;
  const differ = fields.join(', ');
  if (kind === 'changed') {
    if (seq === null) return `In session ${session}, ${describeRecord(b!)} has no accept_seq in either run and differs from the other run's ${describeRecord(o!)} in ${differ}.`;
    return `At accept_seq ${seq} of session ${session}, the base run accepted ${describeRecord(b!)} and the other run ${describeRecord(o!)}, which differ in ${differ}.`;
  }
  if (kind === 'renumbered') {
    const also = fields.length ? `, and they also differ in ${differ}` : '';
    return `In session ${session}, ${describeRecord(b!)} has ${seqText(b!)} in the base run but ${describeRecord(o!)} has ${seqText(o!)} in the other run${also}.`;
  }
  const [present, absent, record] = kind === 'only-in-base' ? ['base', 'other', b!] : ['other', 'base', o!];
  if (ctx.presence !== 'both') {
    return `Session ${session} exists only in the ${present} run, which accepted ${describeRecord(record)}${seq === null ? '' : ` at accept_seq ${seq}`}.`;
  }
  if (seq === null) return `In session ${session}, the ${present} run accepted ${describeRecord(record)} without an accept_seq, and the ${absent} run has nothing of its identity.`;
  const nothing = ctx.numberUsedElsewhere ? 'no matching record' : 'nothing';
  return `At accept_seq ${seq} of session ${session}, the ${present} run accepted ${describeRecord(record)} and the ${absent} run accepted ${nothing} with that number.`;
}
