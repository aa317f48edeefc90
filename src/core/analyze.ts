import { buildCutoffIndex, futureLeaks, stateAtCutoff, type CutoffIndex } from './cutoff';
import { analyzeEvals, type EvalAnalysis } from './evals';
import { FindingSink } from './findings';
import { type Finding, type KeyState, type ParsedInput, type SeqRecord } from './model';
import { computeOrderingEvidence, type OrderingEvidence } from './ordering';
import { computeReplays, type Replays } from './replay';
import { asId } from './fields';
import { acceptSeqCarriers, reportOrderingFindings } from './orderingFindings';
import { SessionScan } from './sessionScan';
import { runSessionChecks, type SessionToCheck } from './sessionChecks';

export interface AnalysisOptions {
  /** Fill each session's cutoff state for this acceptance number. */
  readonly cutoff?: number | null;
  /** Analyse only this session (eval records are always summarised). */
  readonly session?: string | null;
}

export interface SessionCutoff {
  readonly seq: number;
  readonly state: KeyState;
  readonly futureLeaks: readonly SeqRecord[];
}

export interface SessionAnalysis {
  readonly session: string;
  /** The session's non-eval records in storage order, unaccepted and unknown kinds included. */
  readonly records: readonly SeqRecord[];
  readonly accepted: number;
  readonly unaccepted: number;
  readonly ordering: OrderingEvidence;
  readonly replays: Replays;
  readonly cutoffIndex: CutoffIndex;
  readonly cutoff: SessionCutoff | null;
}

export interface Analysis {
  readonly inputs: readonly ParsedInput[];
  /** Every record of every input, in storage order (input by input, line by line). */
  readonly records: readonly SeqRecord[];
  readonly sessions: readonly SessionAnalysis[];
  readonly evals: EvalAnalysis | null;
  readonly findings: readonly Finding[];
}

/** The whole engine: inputs in, every derived fact out. Pure and deterministic. */
export function analyze(inputs: readonly ParsedInput[], options: AnalysisOptions = {}): Analysis {
  return analyzeInStages(inputs, options).finish();
}

/**
 * The analysis in two stages: each session's ordering, replays and cutoff
 * index first, then the checks across sessions, the evals and the findings.
 * The page prepares the view of a session from the first while the worker
 * makes the second (about half the analysis of a million records).
 */
export interface AnalysisInStages {
  readonly inputs: readonly ParsedInput[];
  /** Analysis.records, the same list. */
  readonly records: readonly SeqRecord[];
  /** Analysis.sessions, the same objects. */
  readonly sessions: readonly SessionAnalysis[];
  /** The whole analysis, made once. */
  finish(): Analysis;
}

export function analyzeInStages(inputs: readonly ParsedInput[], options: AnalysisOptions = {}): AnalysisInStages {
  // One input's records already are every record in storage order: its own list, not a copy of a million references.
  const records = inputs.length === 1 ? inputs[0]!.records : inputs.flatMap((input) => input.records);
  const sink = new FindingSink(
    inputs.map((i) => i.name),
    inputs.map((i) => i.itemized === true),
  );

  // Two walks in storage order: the first finds each record's session and counts each session's
  // records, so the second fills lists made at their size (SessionScan's capacity).
  const sessionIndex = new Map<string, number>();
  const sessionNames: string[] = [];
  const sessionSizes: number[] = [];
  // Each record's session by index, -1 for evals and records of sessions not analysed.
  const sessionOf = new Int32Array(records.length);
  const evalRecords: SeqRecord[] = [];
  for (let i = 0; i < records.length; i++) {
    const r = records[i]!;
    sessionOf[i] = -1;
    if (r.kind === 'eval') {
      evalRecords.push(r);
      if (!r.hasId && asId(r.data.case_id) === undefined) {
        sink.add('missing-id', null, `Eval ${sink.label(r)} has neither id nor case_id; it is counted as its own case under its position, ${String(r.id)}.`, [r]);
      }
      continue;
    }
    const session = r.session;
    if (options.session != null && session !== options.session) continue;
    let s = sessionIndex.get(session);
    if (s === undefined) {
      s = sessionNames.push(session) - 1;
      sessionIndex.set(session, s);
      sessionSizes.push(0);
    }
    sessionOf[i] = s;
    sessionSizes[s]!++;
  }
  const scans = sessionSizes.map((size) => new SessionScan(size));
  for (let i = 0; i < records.length; i++) {
    const s = sessionOf[i]!;
    if (s < 0) continue;
    const r = records[i]!;
    scans[s]!.add(r, r.kind, i);
  }
  for (const scan of scans) scan.done();

  const toCheck = [...sessionNames].sort().map((name) => orderSession(name, scans[sessionIndex.get(name)!]!, sink));
  const sessions = toCheck.map((s) => sessionAnalysis(s, options.cutoff ?? null));
  let analysis: Analysis | null = null;
  return {
    inputs,
    records,
    sessions,
    // The findings are added in the same order as in one go (ordering, then the checks, then the evals), so they come out the same.
    finish: () => {
      if (analysis) return analysis;
      runSessionChecks(toCheck, records.length, sink);
      const evals = analyzeEvals(evalRecords, sink);
      return (analysis = { inputs, records, sessions, evals, findings: sink.finish(records) });
    },
  };
}

interface OrderedSession extends SessionToCheck {
  readonly scan: SessionScan;
  readonly replays: Replays;
  /** Each participant's accept_seq, as the ordering was made from. */
  readonly seqs: Float64Array;
}

/** A session's ordering evidence, replays and their findings; the session's other checks run with every session's (runSessionChecks). */
function orderSession(name: string, scan: SessionScan, sink: FindingSink): OrderedSession {
  for (const r of scan.withoutId) {
    sink.add('missing-id', name, `The ${r.kind || 'untyped'} record at ${sink.where(r)} has no id; it is shown as ${String(r.id)} and nothing can refer to it.`, [r]);
  }
  const seqs = scan.participantSeqs();
  const ordering = computeOrderingEvidence(scan.participants, seqs);
  const replays = computeReplays(ordering, scan.effects, seqs);
  reportOrderingFindings(name, () => acceptSeqCarriers(scan.records), ordering, replays, sink, scan.unacceptedInputs);
  return { name, scan, ordering, replays, seqs };
}

function sessionAnalysis({ name, scan, ordering, replays, seqs }: OrderedSession, cutoff: number | null): SessionAnalysis {
  const { records, accepted } = scan;
  // Built on first use: a check without a cutoff never needs it, the page always does. The value
  // depends only on the ordering and replays, so when it is built changes nothing.
  let cutoffIndex: CutoffIndex | null = null;
  const index = () => (cutoffIndex ??= buildCutoffIndex(ordering, replays, seqs));
  return {
    session: name,
    records,
    accepted,
    unaccepted: records.length - accepted,
    ordering,
    replays,
    get cutoffIndex() {
      return index();
    },
    cutoff: cutoff === null ? null : { seq: cutoff, state: stateAtCutoff(index(), cutoff), futureLeaks: futureLeaks(index(), cutoff) },
  };
}
