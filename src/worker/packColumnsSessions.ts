import type { ColumnsSessionAnalysis } from '../core/analyzeColumns';
import { SESSIONS_PER_PART } from './packAnalysis';
import { packKeys } from './packReplays';
import { encodedRecords, encodeSkeleton } from './packSkeleton';

/**
 * The sessions of record tables (analyzeColumns) as the parts the page
 * rebuilds sessions from (unpackSessions): each laid out as a packed
 * SessionAnalysis, its records (positions already) put in encoded, so the
 * page rebuilds the same sessions around its own records whichever way the
 * worker analysed. A list the object engine shares between two places (the
 * participants, which are also the analysis order or the cutoff index's)
 * is encoded once and shared here too. `transfers` gets, per part, the
 * buffers of the position lists made here.
 */
export function packColumnsSessions(sessions: readonly ColumnsSessionAnalysis[]): { parts: unknown[]; transfers: ArrayBuffer[][] } {
  const parts: unknown[] = [];
  const transfers: ArrayBuffer[][] = [];
  for (let at = 0; at < sessions.length; at += SESSIONS_PER_PART) {
    const buffers = new Set<ArrayBuffer>();
    const skeletons = sessions.slice(at, at + SESSIONS_PER_PART).map((s) => sessionSkeleton(s, buffers));
    parts.push(encodeSkeleton(skeletons, [], () => undefined, buffers, false));
    transfers.push([...buffers]);
  }
  return { parts, transfers };
}

function sessionSkeleton(s: ColumnsSessionAnalysis, buffers: Set<ArrayBuffer>): unknown {
  const positions = (list: ArrayLike<number>) => encodedRecords(list, buffers);
  const o = s.ordering;
  const index = s.cutoffIndex;
  const participants = positions(o.participants);
  return {
    session: s.session,
    records: positions(s.rows),
    accepted: s.accepted,
    unaccepted: s.unaccepted,
    ordering: {
      participants,
      hasAcceptanceOrder: o.hasAcceptanceOrder,
      usable: o.usable,
      usableCount: o.usableCount,
      missing: positions(o.missing),
      duplicates: o.duplicates.map((d) => ({ seq: d.seq, records: positions(d.records) })),
      inversions: o.inversions,
      displaced: positions(o.displaced),
      bySeq: o.bySeq,
      analysisOrder: o.analysisOrder === o.participants ? participants : positions(o.analysisOrder),
      analysisOrderIsAcceptance: o.analysisOrderIsAcceptance,
    },
    replays: { storage: null, acceptance: null, keys: [], inputs: positions(s.replays.inputs), effects: [] },
    cutoffIndex: {
      hasAcceptanceOrder: index.hasAcceptanceOrder,
      unknownKeys: index.unknownKeys,
      changes: null,
      participants: index.participants === o.participants ? participants : positions(index.participants),
      seqSteps: index.seqSteps,
      prefixEnd: index.prefixEnd,
    },
    cutoff: s.cutoff && { seq: s.cutoff.seq, state: s.cutoff.state, futureLeaks: positions(s.cutoff.futureLeaks) },
    packedKeys: packKeys(s, (p: number) => p),
  };
}
