import type { Analysis, SessionAnalysis } from './analyze';
import type { ComparedRecord, RecordDifference, RecordDifferenceKind, SessionComparison, SessionPresence } from './comparison';
import type { SeqRecord } from './model';
import { comparableContent, describeRecord, differingFields, recordIdentity, type RecordCiter } from './recordIdentity';

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
export function compareSessions(base: Analysis, other: Analysis, citeBase: RecordCiter, citeOther: RecordCiter): SessionComparison[] {
  const baseByName = new Map(base.sessions.map((s) => [s.session, s]));
  const otherByName = new Map(other.sessions.map((s) => [s.session, s]));
  const names = [...new Set([...baseByName.keys(), ...otherByName.keys()])].sort();
  return names.map((name) => {
    const b = baseByName.get(name);
    const o = otherByName.get(name);
    const presence: SessionPresence = b && o ? 'both' : b ? 'base-only' : 'other-only';
    return compareSession(name, presence, participantsOf(b), participantsOf(o), citeBase, citeOther);
  });
}

function participantsOf(s: SessionAnalysis | undefined): readonly SeqRecord[] {
  return s ? s.ordering.participants : [];
}

interface Pair {
  readonly base: SeqRecord | null;
  readonly other: SeqRecord | null;
  readonly bySeq: boolean;
}

function compareSession(
  session: string,
  presence: SessionPresence,
  base: readonly SeqRecord[],
  other: readonly SeqRecord[],
  citeBase: RecordCiter,
  citeOther: RecordCiter,
): SessionComparison {
  const pairs = alignParticipants(base, other).sort(byAcceptancePosition);
  const counts = { base: base.length, other: other.length, same: 0, changed: 0, renumbered: 0, onlyInBase: 0, onlyInOther: 0 };
  const otherSeqs = new Set(other.map((r) => r.acceptSeq));
  const baseSeqs = new Set(base.map((r) => r.acceptSeq));
  const differences: RecordDifference[] = [];
  for (const p of pairs) {
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
    const seq = seqOf(p);
    const ctx: ExplainContext = { session, presence, seq, fields, numberUsedElsewhere: kind === 'only-in-base' ? otherSeqs.has(seq) : baseSeqs.has(seq) };
    differences.push({ kind, seq, base: b, other: o, fields, explanation: explain(kind, b, o, ctx) });
  }
  return { session, presence, counts, differences };
}

function differenceKind(p: Pair): RecordDifferenceKind | null {
  if (!p.other) return 'only-in-base';
  if (!p.base) return 'only-in-other';
  if (!p.bySeq && p.base.acceptSeq !== p.other.acceptSeq) return 'renumbered';
  return comparableContent(p.base) === comparableContent(p.other) ? null : 'changed';
}

/** Where a pair sits in acceptance order: the lower of its two numbers. */
function seqOf(p: Pair): number | null {
  const a = p.base?.acceptSeq ?? null;
  const b = p.other?.acceptSeq ?? null;
  if (a === null) return b;
  if (b === null) return a;
  return Math.min(a, b);
}

export function alignParticipants(base: readonly SeqRecord[], other: readonly SeqRecord[]): Pair[] {
  const baseGroups = groupBySeq(base);
  const otherGroups = groupBySeq(other);
  const seqs = [...new Set([...baseGroups.keys(), ...otherGroups.keys()])].sort((a, b) => a - b);
  const pairs: Pair[] = [];
  const leftBase: SeqRecord[] = base.filter((r) => r.acceptSeq === null);
  const leftOther: SeqRecord[] = other.filter((r) => r.acceptSeq === null);
  for (const seq of seqs) {
    const b = baseGroups.get(seq) ?? [];
    const o = otherGroups.get(seq) ?? [];
    if (b.length === 1 && o.length === 1) {
      pairs.push({ base: b[0]!, other: o[0]!, bySeq: true });
      continue;
    }
    const m = matchByIdentity(b, o);
    for (const [x, y] of m.pairs) pairs.push({ base: x, other: y, bySeq: true });
    leftBase.push(...m.restBase);
    leftOther.push(...m.restOther);
  }
  // Storage order, so that the k-th occurrence of an identity pairs with the k-th.
  leftBase.sort(byStoragePosition);
  leftOther.sort(byStoragePosition);
  const m = matchByIdentity(leftBase, leftOther);
  for (const [x, y] of m.pairs) pairs.push({ base: x, other: y, bySeq: false });
  for (const x of m.restBase) pairs.push({ base: x, other: null, bySeq: false });
  for (const y of m.restOther) pairs.push({ base: null, other: y, bySeq: false });
  return pairs;
}

function groupBySeq(records: readonly SeqRecord[]): Map<number, SeqRecord[]> {
  const groups = new Map<number, SeqRecord[]>();
  for (const r of records) {
    if (r.acceptSeq === null) continue;
    const g = groups.get(r.acceptSeq);
    if (g) g.push(r);
    else groups.set(r.acceptSeq, [r]);
  }
  return groups;
}

/** Pairs the k-th record of an identity in `base` with the k-th of the same identity in `other`. */
function matchByIdentity(
  base: readonly SeqRecord[],
  other: readonly SeqRecord[],
): { pairs: [SeqRecord, SeqRecord][]; restBase: SeqRecord[]; restOther: SeqRecord[] } {
  const waiting = new Map<string, { list: SeqRecord[]; next: number }>();
  for (const r of other) {
    const key = recordIdentity(r);
    const q = waiting.get(key);
    if (q) q.list.push(r);
    else waiting.set(key, { list: [r], next: 0 });
  }
  const pairs: [SeqRecord, SeqRecord][] = [];
  const restBase: SeqRecord[] = [];
  const matched = new Set<SeqRecord>();
  for (const r of base) {
    const q = waiting.get(recordIdentity(r));
    if (q && q.next < q.list.length) {
      const y = q.list[q.next++]!;
      matched.add(y);
      pairs.push([r, y]);
    } else restBase.push(r);
  }
  return { pairs, restBase, restOther: other.filter((r) => !matched.has(r)) };
}

function byStoragePosition(a: SeqRecord, b: SeqRecord): number {
  return a.fileIndex - b.fileIndex || a.line - b.line;
}

/** Acceptance order; then storage order of the base record, then of the other; records without a number last. */
function byAcceptancePosition(a: Pair, b: Pair): number {
  const sa = seqOf(a) ?? Infinity;
  const sb = seqOf(b) ?? Infinity;
  if (sa !== sb) return sa < sb ? -1 : 1;
  return storageOrNone(a.base, b.base) || storageOrNone(a.other, b.other);
}

function storageOrNone(a: SeqRecord | null, b: SeqRecord | null): number {
  if (a && b) return byStoragePosition(a, b);
  return a ? -1 : b ? 1 : 0;
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
