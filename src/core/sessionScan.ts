import type { SeqRecord } from './model';
import type { OrderingEvidence } from './ordering';
import { SharedInputEffects, type InputEffect } from './replay';

/**
 * Which of the session's checks reads a participant, by its kind: the
 * writer checks (writers.ts), the reference checks (references.ts), the
 * task command checks (commands.ts), or none of them (inputs, evals).
 */
export const NO_CHECK = 0;
export const RESOURCE_CHECK = 1;
export const REFERENCE_CHECK = 2;
export const TASK_CHECK = 3;
/** Every analysed kind (ANALYSED_KINDS) with the check that reads it; a kind not here takes no part. */
const CHECK_OF_KIND = new Map<string, number>([
  ['input', NO_CHECK],
  ['eval', NO_CHECK],
  ['read', RESOURCE_CHECK],
  ['write', RESOURCE_CHECK],
  ['notice', RESOURCE_CHECK],
  ['request', REFERENCE_CHECK],
  ['response', REFERENCE_CHECK],
  ['clear', REFERENCE_CHECK],
  ['task', TASK_CHECK],
  ['command', TASK_CHECK],
]);

/** The check that reads a participant of this kind (NO_CHECK for inputs and evals); undefined for a kind that takes no part. */
export function checkOfKind(kind: string): number | undefined {
  return CHECK_OF_KIND.get(kind);
}

/**
 * One session's records as analyze's walk over all records meets them, with
 * what the session's passes need read off each record there, once. A
 * million records are scattered over the heap: each later pass that went
 * back to them for one field (accepted, kind, accept_seq, the input's op)
 * paid a cache miss per record again.
 */
export class SessionScan {
  /** The session's non-eval records in storage order. */
  readonly records: SeqRecord[];
  private recordCount = 0;
  /** Accepted records of an analysed kind, in storage order. */
  readonly participants: SeqRecord[];
  private participantCount = 0;
  /**
   * Each participant's accept_seq, NaN where it has none (the first participantCount entries).
   * Without a capacity it starts small and doubles: a log may hold a session per record, and a
   * block of 1,024 numbers for each made 100,000 sessions take 800 MB.
   */
  private seqs: Float64Array;
  /** Each participant's check (CHECK_OF_KIND), grown with `seqs`. */
  private checks: Uint8Array;
  /** Each participant's position among every record analysed (analyze's walk), grown with `seqs`. */
  private positions: Int32Array;
  /** How many participants some check reads. */
  private checkedCount = 0;
  /** Each participant's effects on the state (null for non-inputs and inputs without a known effect). */
  readonly effects: (readonly InputEffect[] | null)[];
  readonly withoutId: SeqRecord[] = [];
  readonly unacceptedInputs: SeqRecord[] = [];
  accepted = 0;
  private readonly sharedEffects = new SharedInputEffects();

  /**
   * `capacity`: how many records the session has, when known (analyze counts them first). Its
   * lists are then made at that size and filled in place: grown by push, the lists of a million
   * records were copied as they grew (three lists of four sessions: ~35 ms, measured). `done`
   * trims them to what was added.
   */
  constructor(capacity = 0) {
    this.records = new Array<SeqRecord>(capacity);
    this.participants = new Array<SeqRecord>(capacity);
    this.effects = new Array<readonly InputEffect[] | null>(capacity);
    const room = capacity > 0 ? capacity : 8;
    this.seqs = new Float64Array(room);
    this.checks = new Uint8Array(room);
    this.positions = new Int32Array(room);
  }

  /** `position`: the record's among every record analysed, ascending from call to call; by default its among the session's. */
  add(r: SeqRecord, kind: string, position = this.recordCount): void {
    this.records[this.recordCount++] = r;
    if (!r.hasId) this.withoutId.push(r);
    if (!r.accepted) {
      if (kind === 'input') this.unacceptedInputs.push(r);
      return;
    }
    this.accepted++;
    const check = CHECK_OF_KIND.get(kind);
    if (check === undefined) return;
    const at = this.participantCount++;
    if (at === this.seqs.length) this.grow();
    this.participants[at] = r;
    this.seqs[at] = r.acceptSeq ?? NaN;
    this.checks[at] = check;
    this.positions[at] = position;
    if (check !== NO_CHECK) this.checkedCount++;
    this.effects[at] = kind === 'input' ? this.sharedEffects.of(r) : null;
  }

  /** Trims the lists to the records added, once every record was (a scan made with a capacity may have room left). */
  done(): void {
    this.records.length = this.recordCount;
    this.participants.length = this.participantCount;
    this.effects.length = this.participantCount;
  }

  private grow(): void {
    const seqs = new Float64Array(2 * this.seqs.length);
    seqs.set(this.seqs);
    this.seqs = seqs;
    const checks = new Uint8Array(2 * this.checks.length);
    checks.set(this.checks);
    this.checks = checks;
    const positions = new Int32Array(2 * this.positions.length);
    positions.set(this.positions);
    this.positions = positions;
  }

  participantSeqs(): Float64Array {
    return this.seqs.slice(0, this.participantCount);
  }

  /** Participant i's check (NO_CHECK, RESOURCE_CHECK, REFERENCE_CHECK or TASK_CHECK). */
  checkOf(i: number): number {
    return this.checks[i]!;
  }

  /** Participant i's position among every record analysed (`add`). */
  positionOf(i: number): number {
    return this.positions[i]!;
  }

  /**
   * The participants some check reads, by index, in the analysis order of `ordering` (made from
   * this scan's participants). Found from the kinds noted here, reaching no record.
   */
  checkedInAnalysisOrder(ordering: OrderingEvidence): Int32Array {
    return checkedInAnalysisOrder(this.checks, this.participantCount, this.checkedCount, ordering);
  }
}

/**
 * Of `n` participants whose checks are `checks` (CHECK_OF_KIND), the
 * `checkedCount` that some check reads, by index, in the analysis order of
 * `ordering` (made from those participants).
 */
export function checkedInAnalysisOrder(checks: Uint8Array, n: number, checkedCount: number, ordering: OrderingEvidence<unknown>): Int32Array {
  const out = new Int32Array(checkedCount);
  const inAcceptance = ordering.analysisOrderIsAcceptance;
  const { bySeq } = ordering;
  let filled = 0;
  for (let k = 0; k < n; k++) {
    const i = inAcceptance ? bySeq[k]! : k;
    if (checks[i] !== NO_CHECK) out[filled++] = i;
  }
  return out;
}
