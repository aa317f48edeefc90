import type { SeqRecord } from './model';
import { recordIdentity } from './recordIdentity';
import { STEP, sortInSteps, type Steps } from './compareSteps';
import { matchByKey, type KeyMatch } from './matchByKey';

/** One session's participants in one run, with their positions ordered by `accept_seq` (`OrderingEvidence.bySeq`). */
export interface Participants {
  readonly records: readonly SeqRecord[];
  readonly bySeq: ArrayLike<number>;
}

export interface Pair {
  readonly base: SeqRecord | null;
  readonly other: SeqRecord | null;
  readonly bySeq: boolean;
}

/** A pair of the rest, with where it sits in acceptance order (`seqOf`, Infinity for none). */
interface RestPair extends Pair {
  readonly at: number;
}

/**
 * The participants of two runs aligned (see `compareSessions`). Pairs made
 * under one `accept_seq` are kept as two lists, base and other record of
 * pair k, already in acceptance order: most of a session, and no object
 * made nor sorted for each. The rest — pairs by identity and records of one
 * run — is sorted by `byAcceptancePosition`.
 */
export interface Alignment {
  readonly seqBase: readonly SeqRecord[];
  readonly seqOther: readonly SeqRecord[];
  readonly rest: readonly RestPair[];
}

export function* alignParticipants(base: Participants, other: Participants): Steps<Alignment> {
  const seqBase: SeqRecord[] = [];
  const seqOther: SeqRecord[] = [];
  const leftBase = yield* withoutSeq(base.records);
  const leftOther = yield* withoutSeq(other.records);
  const nb = base.bySeq.length;
  const no = other.bySeq.length;
  const atBase = (k: number) => base.records[base.bySeq[k]!]!;
  const atOther = (k: number) => other.records[other.bySeq[k]!]!;
  let work = 0;
  for (let i = 0, j = 0; i < nb || j < no; ) {
    const seq = Math.min(i < nb ? atBase(i).acceptSeq! : Infinity, j < no ? atOther(j).acceptSeq! : Infinity);
    let ie = i;
    while (ie < nb && atBase(ie).acceptSeq === seq) ie++;
    let je = j;
    while (je < no && atOther(je).acceptSeq === seq) je++;
    if (ie - i === 1 && je - j === 1) {
      seqBase.push(atBase(i));
      seqOther.push(atOther(j));
    } else if (je === j) for (let k = i; k < ie; k++) leftBase.push(atBase(k));
    else if (ie === i) for (let k = j; k < je; k++) leftOther.push(atOther(k));
    else {
      const b: SeqRecord[] = [];
      const o: SeqRecord[] = [];
      for (let k = i; k < ie; k++) b.push(atBase(k));
      for (let k = j; k < je; k++) o.push(atOther(k));
      const m = yield* matchByIdentity(b, o);
      // One number: the pairs' order is their records' storage order.
      yield* sortInSteps(m.pairs, (x, y) => byStoragePosition(x[0], y[0]) || byStoragePosition(x[1], y[1]));
      for (const [x, y] of m.pairs) {
        seqBase.push(x);
        seqOther.push(y);
      }
      // Not push(...list): a number shared by a hundred thousand records would overflow the stack.
      for (const x of m.restBase) leftBase.push(x);
      for (const y of m.restOther) leftOther.push(y);
    }
    work += ie - i + (je - j);
    i = ie;
    j = je;
    if (work >= STEP) {
      work = 0;
      yield;
    }
  }
  // Storage order, so that the k-th occurrence of an identity pairs with the k-th.
  yield* sortInSteps(leftBase, byStoragePosition);
  yield* sortInSteps(leftOther, byStoragePosition);
  const m = yield* matchByIdentity(leftBase, leftOther);
  const rest: RestPair[] = [];
  let made = 0;
  for (const [x, y] of m.pairs) {
    rest.push(restPair(x, y));
    if (++made % STEP === 0) yield;
  }
  for (const x of m.restBase) {
    rest.push(restPair(x, null));
    if (++made % STEP === 0) yield;
  }
  for (const y of m.restOther) {
    rest.push(restPair(null, y));
    if (++made % STEP === 0) yield;
  }
  // Each pair's number found once, not in each of the sort's comparisons.
  yield* sortInSteps(rest, (a, b) => (a.at !== b.at ? (a.at < b.at ? -1 : 1) : storageOrNone(a.base, b.base) || storageOrNone(a.other, b.other)));
  return { seqBase, seqOther, rest };
}

function restPair(base: SeqRecord | null, other: SeqRecord | null): RestPair {
  return { base, other, bySeq: false, at: seqOf(base, other) ?? Infinity };
}

function* withoutSeq(records: readonly SeqRecord[]): Steps<SeqRecord[]> {
  const out: SeqRecord[] = [];
  for (let i = 0; i < records.length; i++) {
    if (records[i]!.acceptSeq === null) out.push(records[i]!);
    if (i % STEP === STEP - 1) yield;
  }
  return out;
}

/** Pairs the k-th record of an identity in `base` with the k-th of the same identity in `other`. */
function matchByIdentity(base: readonly SeqRecord[], other: readonly SeqRecord[]): Steps<KeyMatch<SeqRecord, SeqRecord>> {
  return matchByKey(base, other, recordIdentity, recordIdentity);
}

function byStoragePosition(a: SeqRecord, b: SeqRecord): number {
  return a.fileIndex - b.fileIndex || a.line - b.line;
}

/** Where a pair sits in acceptance order: the lower of its two numbers. */
export function seqOf(base: SeqRecord | null, other: SeqRecord | null): number | null {
  const a = base?.acceptSeq ?? null;
  const b = other?.acceptSeq ?? null;
  if (a === null) return b;
  if (b === null) return a;
  return Math.min(a, b);
}

/** Acceptance order; then storage order of the base record, then of the other; records without a number last. */
export function byAcceptancePosition(aBase: SeqRecord | null, aOther: SeqRecord | null, bBase: SeqRecord | null, bOther: SeqRecord | null): number {
  const sa = seqOf(aBase, aOther) ?? Infinity;
  const sb = seqOf(bBase, bOther) ?? Infinity;
  if (sa !== sb) return sa < sb ? -1 : 1;
  return storageOrNone(aBase, bBase) || storageOrNone(aOther, bOther);
}

function storageOrNone(a: SeqRecord | null, b: SeqRecord | null): number {
  if (a && b) return byStoragePosition(a, b);
  return a ? -1 : b ? 1 : 0;
}

/** Whether any participant has number `seq`: a search of the positions ordered by number. */
export function hasSeq(p: Participants, seq: number): boolean {
  let lo = 0;
  let hi = p.bySeq.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (p.records[p.bySeq[mid]!]!.acceptSeq! < seq) lo = mid + 1;
    else hi = mid;
  }
  return lo < p.bySeq.length && p.records[p.bySeq[lo]!]!.acceptSeq === seq;
}
