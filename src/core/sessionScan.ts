import { ANALYSED_KINDS, type SeqRecord } from './model';
import { SharedInputEffects, type InputEffect } from './replay';

const ANALYSED = new Set<string>(ANALYSED_KINDS);

/**
 * One session's records as analyze's walk over all records meets them, with
 * what the session's passes need read off each record there, once. A
 * million records are scattered over the heap: each later pass that went
 * back to them for one field (accepted, kind, accept_seq, the input's op)
 * paid a cache miss per record again.
 */
export class SessionScan {
  /** The session's non-eval records in storage order. */
  readonly records: SeqRecord[] = [];
  /** Accepted records of an analysed kind, in storage order. */
  readonly participants: SeqRecord[] = [];
  /**
   * Each participant's accept_seq, NaN where it has none (the first participants.length entries).
   * Starts small and doubles: a log may hold a session per record, and a block of 1,024 numbers
   * for each made 100,000 sessions take 800 MB.
   */
  private seqs = new Float64Array(8);
  /** Each participant's effects on the state (null for non-inputs and inputs without a known effect). */
  readonly effects: (readonly InputEffect[] | null)[] = [];
  readonly withoutId: SeqRecord[] = [];
  readonly unacceptedInputs: SeqRecord[] = [];
  accepted = 0;
  private readonly sharedEffects = new SharedInputEffects();

  add(r: SeqRecord, kind: string): void {
    this.records.push(r);
    if (!r.hasId) this.withoutId.push(r);
    if (!r.accepted) {
      if (kind === 'input') this.unacceptedInputs.push(r);
      return;
    }
    this.accepted++;
    if (!ANALYSED.has(kind)) return;
    const at = this.participants.push(r) - 1;
    if (at === this.seqs.length) {
      const grown = new Float64Array(2 * at);
      grown.set(this.seqs);
      this.seqs = grown;
    }
    this.seqs[at] = r.acceptSeq ?? NaN;
    this.effects.push(kind === 'input' ? this.sharedEffects.of(r) : null);
  }

  participantSeqs(): Float64Array {
    return this.seqs.slice(0, this.participants.length);
  }
}
