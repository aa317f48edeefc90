import type { SessionAnalysis } from '../core/analyze';
import { ANALYSED_KINDS, type SeqRecord } from '../core/model';
import { futureLeakTest } from '../core/recordLeak';
import type { RecordLookup } from '../core/recordLookup';
import { cutoffViewOf } from './selectors';

const PARTICIPANT_KINDS = new Set<string>(ANALYSED_KINDS.filter((k) => k !== 'eval'));

/** Where a record of the raw file order table stands against the cutoff. */
export type RawRowCutoff = 'future-leak' | 'after-cutoff' | null;

/**
 * The raw table's reading of the cutoff, for a session at N: a record
 * accepted after N is after the cutoff; one of those stored by the end of the
 * storage prefix is a future leak, what a reader trusting file position would
 * take for the past. `positions` are storage positions (Analysis.records).
 */
export function rawRowCutoffOf(session: SessionAnalysis, n: number | null, positions: RecordLookup): (r: SeqRecord) => RawRowCutoff {
  if (n === null || !session.ordering.hasAcceptanceOrder) return () => null;
  const leak = futureLeakTest(n, cutoffViewOf(session, n).prefixLast, positions);
  return (r) => {
    if (!r.accepted || r.acceptSeq === null || r.acceptSeq <= n || r.session !== session.session) return null;
    // Accepted and in this session already: the kind is what still decides whether it is a participant.
    return leak(PARTICIPANT_KINDS.has(r.kind), r.acceptSeq, positions.get(r)) ? 'future-leak' : 'after-cutoff';
  };
}
