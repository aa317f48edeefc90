import type { ColumnsAnalysis, ColumnsSessionAnalysis } from '../core/analyzeColumns';
import type { ParsedInput, SeqRecord } from '../core/model';
import { SESSIONS_PER_PART, transfersOf, type PackedAnalysis } from './packAnalysis';
import { packEvals } from './packEvals';
import { packFindingPositions } from './packFindings';
import { packRecords } from './packRecords';
import { packRejected } from './packRejected';
import { packKeys } from './packReplays';
import { encodedRecords, encodeSkeleton } from './packSkeleton';
import { isHeld, type RecordsElsewhere } from './pageRecords';

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

/**
 * In the worker: the analysis of record tables packed as packAnalysis packs
 * one (the same messages, so the page rebuilds it as it would the object
 * engine's). The records of an input in `elsewhere` the page has already;
 * those of every other input cross, so such an input must hold them as
 * objects (`records`, as read; a table alone is not records to send).
 * `counts`: each input's records; `sentAhead`: how many parts its sessions
 * went ahead in (packColumnsSessions), not packed again.
 */
export function packColumnsAnalysis(
  analysis: ColumnsAnalysis,
  inputs: readonly ParsedInput[],
  counts: readonly number[],
  elsewhere: ReadonlyMap<ParsedInput, RecordsElsewhere>,
  sentAhead = 0,
): { packed: PackedAnalysis; transfer: ArrayBuffer[]; sessionParts: unknown[]; partTransfers: ArrayBuffer[][] } {
  const recordsFrom = inputs.map((input) => elsewhere.get(input) ?? null);
  inputs.forEach((input, j) => {
    if (recordsFrom[j] === null && input.records.length !== counts[j]) throw new Error(`${input.name}: its records are a table, and the page does not have them`);
  });
  const packedRecords = packRecords(inputs.flatMap((input, j) => (recordsFrom[j] === null ? input.records : [])));
  const findings = packFindingPositions(analysis.findingPositions);
  const indexOf = (v: unknown) => analysis.evalPositions.get(v as SeqRecord);
  const evals = analysis.evals ? packEvals(analysis.evals, indexOf) : null;
  const { parts: sessionParts, transfers: partBuffers } = sentAhead > 0 ? { parts: [], transfers: [] } : packColumnsSessions(analysis.sessions);
  const skeletonBuffers = new Set<ArrayBuffer>();
  const rejected = inputs.map((input, j) => packRejected(isHeld(recordsFrom[j]) ? [] : input.rejected));
  let first = 0;
  const inputSkeletons = inputs.map((input, j) => {
    const records = encodedRecords(Int32Array.from({ length: counts[j]! }, (_, k) => first + k));
    first += counts[j]!;
    return { ...input, records, rejected: [], text: isHeld(recordsFrom[j]) ? '' : input.text };
  });
  const rest = { inputs: inputSkeletons, records: null, sessions: [], evals: evals ? null : analysis.evals, findings: findings ? null : analysis.findings };
  const skeleton = encodeSkeleton(rest, [], indexOf, skeletonBuffers);
  const parts = sentAhead > 0 ? sentAhead : sessionParts.length;
  const packed: PackedAnalysis = { ...packedRecords, recordsFrom, inputCounts: counts, findings, evals, rejected, sessionParts: parts, skeleton };
  return { packed, sessionParts, ...transfersOf(packed, skeletonBuffers, partBuffers.map((found) => new Set(found))) };
}
