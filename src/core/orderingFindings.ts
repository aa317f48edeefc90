import { canonicalJson, jsonPreview } from './canonical';
import { plural } from './countText';
import type { FindingSink } from './findings';
import type { SeqRecord } from './model';
import type { OrderingEvidence } from './ordering';
import { isUndetermined, type Replays } from './replay';

/**
 * Findings about acceptance numbers and the two replays of one session (spec 3.1, 3.2).
 * `unacceptedInputs`: the session's inputs with `accepted: false`, in storage order (SessionScan finds them);
 * `carriers`: which of its records carry accept_seq, asked only when the session has no acceptance order.
 */
export function reportOrderingFindings<T>(
  session: string,
  carriers: () => AcceptSeqCarriers,
  ordering: OrderingEvidence<T>,
  replays: Replays<T>,
  sink: FindingSink<T>,
  unacceptedInputs: readonly T[],
): void {
  for (const r of unacceptedInputs) {
    sink.add('unaccepted-input', session, `Input ${sink.label(r)} was not accepted by the host; it is shown but changes no state in either replay.`, [r]);
  }
  if (!ordering.hasAcceptanceOrder) {
    sink.add(
      'no-acceptance-order',
      session,
      `${noAcceptSeqText(session, carriers())}, so its acceptance order is unknown; only file order is available, and every acceptance value is "unknown".`,
      [],
    );
    return;
  }
  for (const r of ordering.missing) {
    sink.add('missing-accept-seq', session, `Record ${sink.label(r)} has no accept_seq, so its place in the acceptance order is unknown.`, [r]);
  }
  for (const d of ordering.duplicates) {
    sink.add(
      'duplicate-accept-seq',
      session,
      `accept_seq ${d.seq} is shared by ${sink.labels(d.records)}; their relative acceptance order is unknown.`,
      d.records,
    );
  }
  if (ordering.displaced.length > 0) {
    sink.add(
      'storage-order-inversion',
      session,
      `Session ${session} stores ${plural(ordering.displaced.length, 'record')} after one accepted later (${plural(ordering.inversions, 'inverted pair')}): ${sink.labels(ordering.displaced)}.`,
      ordering.displaced,
    );
  }
  for (const k of replays.keys) {
    if (isUndetermined(k)) {
      sink.add(
        'undetermined-decision',
        session,
        `Key ${k.key} cannot be decided in acceptance order because ${sink.labels(k.unusableInputs)} ${k.unusableInputs.length === 1 ? 'has' : 'have'} a missing or shared accept_seq; file order would say ${jsonPreview(k.storage)}, which the evidence cannot confirm.`,
        k.unusableInputs,
      );
    } else if (canonicalJson(k.acceptance) !== canonicalJson(k.storage) && k.acceptanceSetter !== null) {
      sink.add(
        'decision-flip',
        session,
        `Key ${k.key} is ${jsonPreview(k.acceptance)} in acceptance order (set by ${sink.label(k.acceptanceSetter)}) but ${jsonPreview(k.storage)} when replayed in file order (set by ${sink.label(k.storageSetter)}).`,
        [k.acceptanceSetter, k.storageSetter],
      );
    }
  }
}

/** Which records of a session carry accept_seq when its acceptance order is unknown: those the host did not accept, accepted ones of kinds not analysed. */
export interface AcceptSeqCarriers {
  readonly unaccepted: boolean;
  readonly notAnalysed: boolean;
}

/**
 * Records the host did not accept, and accepted records of kinds not
 * analysed, may carry accept_seq without giving the session an order:
 * saying it has "no accept_seq at all" then contradicts the records a reader
 * sees. For a session without an acceptance order only.
 */
export function acceptSeqCarriers(records: readonly SeqRecord[]): AcceptSeqCarriers {
  return acceptSeqCarriersBy(records, (r) => r.acceptSeq, (r) => r.accepted);
}

/** acceptSeqCarriers of records however held, each one's accept_seq and acceptance read by the functions given. */
export function acceptSeqCarriersBy<T>(records: readonly T[], acceptSeq: (r: T) => number | null, accepted: (r: T) => boolean): AcceptSeqCarriers {
  let unaccepted = false;
  let notAnalysed = false;
  for (const r of records) {
    if (acceptSeq(r) === null) continue;
    if (accepted(r)) notAnalysed = true;
    else unaccepted = true;
    if (notAnalysed && unaccepted) break;
  }
  return { unaccepted, notAnalysed };
}

/** Why a session has no acceptance order, in a few words: the page's session line and cutoff note. */
export function noAcceptanceOrderReason({ unaccepted, notAnalysed }: AcceptSeqCarriers): string {
  if (notAnalysed) return 'no accepted record of an analysed kind has accept_seq';
  return unaccepted ? 'no accepted record has accept_seq' : 'no accept_seq at all';
}

function noAcceptSeqText(session: string, { unaccepted, notAnalysed }: AcceptSeqCarriers): string {
  if (notAnalysed) {
    const which = unaccepted ? 'records the host did not accept or of kinds not analysed' : 'records of kinds not analysed';
    return `No accepted record of an analysed kind in session ${session} carries accept_seq (only ${which} do)`;
  }
  if (unaccepted) return `No accepted record of session ${session} carries accept_seq (only records the host did not accept do)`;
  return `Session ${session} records no accept_seq at all`;
}
