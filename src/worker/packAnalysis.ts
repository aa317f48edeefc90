import type { Analysis, AnalysisInStages, SessionAnalysis } from '../core/analyze';
import type { ParsedInput, SeqRecord } from '../core/model';
import { findingsBuffers, packFindings, unpackFindings, type PackedFindings } from './packFindings';
import { recordIndexer } from '../core/recordIndex';
import { decodeSkeleton, encodeSkeleton } from './packSkeleton';
import type { RecordIndexer } from '../core/recordIndex';
import type { SessionsAheadHeader } from './protocol';
import { evalBuffers, packEvals, unpackEvals, type PackedEvals } from './packEvals';
import { packRecords, recordBuffers, unpackRecords, type PackedRecords } from './packRecords';
import { nextTask } from './nextTask';
import { packKeys, unpackKeys, type PackedKeys, type ValuesParser } from './packReplays';
import { packRejected, rejectedBuffers, unpackRejected, type PackedRejected } from './packRejected';
import { heldInputOf, isHeld, joinRecords, NOTHING_ON_PAGE, type OnPage, type RecordsElsewhere } from './pageRecords';
import { transfersByMessage } from './transfersByMessage';

/**
 * The analysis as it crosses from the worker to the page. A structured clone
 * of a million records costs seconds of the page's main thread and a copy of
 * every string per record; instead the records travel as columns (typed
 * arrays, transferred, not copied), their strings once each (kinds and
 * sessions as tables, ids joined), their fields as JSON in chunks, and the
 * rest of the analysis as a skeleton in which every reference to a record is
 * its index. The page rebuilds the same object graph (shared records stay
 * shared), a chunk of records at a time so it never blocks for long.
 */
export interface PackedAnalysis extends PackedRecords {
  /**
   * Per input: where the page finds its records when the columns below do
   * not carry them (null): read by the page itself from the file at a
   * request position, or held from an earlier answer.
   */
  readonly recordsFrom: readonly (RecordsElsewhere | null)[];
  /** Records per input, so the page can check the records it built. */
  readonly inputCounts: readonly number[];
  /** The findings as columns (null: they are in the skeleton). */
  readonly findings: PackedFindings | null;
  /** The eval identities as columns (null: there are none, or they are in the skeleton). */
  readonly evals: PackedEvals | null;
  /**
   * How many parts the sessions crossed in, each its own message before this
   * one (see SESSIONS_PER_PART); 0 when they are in the skeleton.
   */
  readonly sessionParts: number;
  /** Each input's rejected lines as columns; the skeleton's inputs hold none. */
  readonly rejected: readonly PackedRejected[];
  /**
   * Everything else, records as indices. Each session's `replays.effects`
   * (one entry per participant) is left out: it only builds the cutoff
   * index, which the worker has built; the page gets an empty list.
   */
  readonly skeleton: unknown;
}

/**
 * Sessions per message when there are more than this. Tens of thousands of
 * small sessions are millions of small objects and typed arrays: received in
 * one message and rebuilt in one go they held the page for seconds, so they
 * cross in parts, each received and rebuilt in a task of its own.
 */
export const SESSIONS_PER_PART = 1000;

/** Each session as it crosses: its effects stay in the worker (they only build the cutoff index, which is built); its per-key facts cross as columns. */
function sessionSkeletons(sessions: readonly SessionAnalysis[], indexOf: RecordIndexer) {
  return sessions.map((session) => ({
    ...session,
    replays: { ...session.replays, effects: [], keys: [], storage: null, acceptance: null },
    cutoffIndex: { ...session.cutoffIndex, changes: null },
    packedKeys: packKeys(session, indexOf),
  }));
}

/**
 * Sessions sent ahead of the rest of their analysis (AnalysisInStages), when
 * the page has every input's records already: it rebuilds them and prepares
 * the view of the one it will show while the worker runs the checks.
 */
export interface SessionsAhead {
  /** Sent with the first part; its recordsFrom as PackedAnalysis.recordsFrom, every input's records on the page. */
  readonly header: SessionsAheadHeader;
  /** The parts, each its own message (SESSIONS_PER_PART a part). */
  readonly parts: unknown[];
  /** Per part, the buffers to transfer with it. */
  readonly transfers: ArrayBuffer[][];
}

/**
 * In the worker: the sessions of an analysis' first stage packed to go ahead,
 * or null when some input's records cross in the columns (they go with the
 * rest then). Their own typed arrays are copied, not transferred (17 MB at a
 * million records): the worker's checks still read them. The lists of record
 * positions the packing made (12 MB) are transferred.
 */
export function packSessionsAhead(stages: AnalysisInStages, elsewhere: ReadonlyMap<ParsedInput, RecordsElsewhere>): SessionsAhead | null {
  const recordsFrom = stages.inputs.map((input) => elsewhere.get(input) ?? null);
  if (stages.sessions.length === 0 || recordsFrom.some((from) => from === null)) return null;
  const indexOf = recordIndexer(stages.records);
  const skeletons = sessionSkeletons(stages.sessions, indexOf);
  const parts: unknown[] = [];
  const transfers: ArrayBuffer[][] = [];
  for (let at = 0; at < skeletons.length; at += SESSIONS_PER_PART) {
    const made = new Set<ArrayBuffer>();
    parts.push(encodeSkeleton(skeletons.slice(at, at + SESSIONS_PER_PART), stages.records, indexOf, made, false));
    transfers.push([...made]);
  }
  return { header: { recordsFrom: recordsFrom as RecordsElsewhere[], inputCounts: stages.inputs.map((input) => input.records.length), parts: parts.length }, parts, transfers };
}

/**
 * In the worker: the analysis packed, and the buffers to transfer with it.
 * `elsewhere` gives, for inputs whose records the page has already (read
 * itself, or held from an earlier answer), where it has them; their
 * records are left out. `sentAhead`: how many parts its sessions went
 * ahead in (packSessionsAhead); they are not packed again.
 */
export function packAnalysis(
  analysis: Analysis,
  elsewhere: ReadonlyMap<ParsedInput, RecordsElsewhere> = new Map(),
  sentAhead = 0,
): { packed: PackedAnalysis; transfer: ArrayBuffer[]; sessionParts: unknown[]; partTransfers: ArrayBuffer[][] } {
  const recordsFrom = analysis.inputs.map((input) => elsewhere.get(input) ?? null);
  // Nothing read on the page (a Codex file, a small file): the analysis' own list, not a copy of a million references.
  const records = recordsFrom.every((f) => f === null) ? analysis.records : analysis.inputs.flatMap((input, j) => (recordsFrom[j] === null ? input.records : []));
  const packedRecords = packRecords(records);
  const findings = packFindings(analysis.findings);
  // One index of every record's position serves the evals and the skeleton.
  const indexOf = recordIndexer(analysis.records);
  const evals = analysis.evals ? packEvals(analysis.evals, indexOf) : null;
  const sessionSkeletonsLeft = sentAhead > 0 ? [] : sessionSkeletons(analysis.sessions, indexOf);
  const inParts = sessionSkeletonsLeft.length > SESSIONS_PER_PART;
  const sessionParts: unknown[] = [];
  const partBuffers: Set<ArrayBuffer>[] = [];
  for (let at = 0; inParts && at < sessionSkeletonsLeft.length; at += SESSIONS_PER_PART) {
    const buffers = new Set<ArrayBuffer>();
    sessionParts.push(encodeSkeleton(sessionSkeletonsLeft.slice(at, at + SESSIONS_PER_PART), analysis.records, indexOf, buffers));
    partBuffers.push(buffers);
  }
  const skeletonBuffers = new Set<ArrayBuffer>();
  const rejected = analysis.inputs.map((input, j) => packRejected(isHeld(recordsFrom[j]) ? [] : input.rejected));
  const packed: PackedAnalysis = {
    recordsFrom,
    inputCounts: analysis.inputs.map((input) => input.records.length),
    ...packedRecords,
    findings,
    evals,
    sessionParts: sentAhead > 0 ? sentAhead : sessionParts.length,
    rejected,
    skeleton: encodeSkeleton(
      { ...analysis, inputs: analysis.inputs.map((input, j) => ({ ...input, rejected: [], text: isHeld(recordsFrom[j]) ? '' : input.text })), records: null, findings: findings ? null : analysis.findings, evals: evals ? null : analysis.evals, sessions: inParts ? [] : sessionSkeletonsLeft },
      analysis.records,
      indexOf,
      skeletonBuffers,
    ),
  };
  return { packed, sessionParts, ...transfersOf(packed, skeletonBuffers, partBuffers) };
}

/**
 * The buffers to transfer with a packed analysis (its own columns, and those
 * its skeleton holds) and with each of its session parts, each buffer with
 * one message only (transfersByMessage).
 */
export function transfersOf(packed: PackedAnalysis, skeletonBuffers: Set<ArrayBuffer>, partBuffers: readonly Set<ArrayBuffer>[]): { transfer: ArrayBuffer[]; partTransfers: ArrayBuffer[][] } {
  const { evals, findings, rejected } = packed;
  const own = [...recordBuffers(packed), ...(evals ? evalBuffers(evals) : []), ...(findings ? findingsBuffers(findings) : []), ...rejectedBuffers(rejected)];
  const [transfer, ...partTransfers] = transfersByMessage([{ own, found: skeletonBuffers }, ...partBuffers.map((found) => ({ own: [], found }))]);
  return { transfer: transfer!, partTransfers };
}

/** Sessions and records the page rebuilt from sessions sent ahead (SessionsAhead), before the rest of their analysis came. */
export interface RebuiltAhead {
  readonly records: readonly SeqRecord[];
  readonly sessions: readonly SessionAnalysis[];
}

/**
 * In the page: the same analysis rebuilt, a chunk of records at a time.
 * `onPage` gives the records the page has of an input that did not cross
 * (PackedAnalysis.recordsFrom), and the text of one it holds; `sessionParts`,
 * the parts the sessions crossed in, in the order they came; `ahead`, the
 * records and sessions already rebuilt from those parts, used as they are.
 */
export async function unpackAnalysis(
  p: PackedAnalysis,
  yieldBetween: () => Promise<void> = nextTask,
  onPage: OnPage = NOTHING_ON_PAGE,
  sessionParts: readonly unknown[] = [],
  ahead: RebuiltAhead | null = null,
): Promise<Analysis> {
  if (sessionParts.length !== p.sessionParts) throw new Error(`the sessions came in ${sessionParts.length} of ${p.sessionParts} parts`);
  const packedRecords = await unpackRecords(p, yieldBetween);
  const records = ahead?.records ?? (await joinRecords(p.recordsFrom, p.inputCounts, packedRecords, onPage.records, yieldBetween));
  let rest = decodeSkeleton(p.skeleton, records) as Analysis;
  if (ahead) rest = { ...rest, sessions: ahead.sessions };
  else if (sessionParts.length > 0) rest = { ...rest, sessions: await unpackSessions(sessionParts, records, yieldBetween) };
  else rest = { ...rest, sessions: await withKeys(rest.sessions as SessionSkeleton[], records) };
  const rejected = await unpackRejected(p.rejected, yieldBetween);
  rest = {
    ...rest,
    inputs: rest.inputs.map((input, j) => {
      const held = heldInputOf(p.recordsFrom[j]!, onPage);
      return { ...input, rejected: held?.rejected ?? rejected[j]!, text: held?.text ?? input.text };
    }),
  };
  const findings = p.findings ? await unpackFindings(p.findings, records, rest.inputs.map((input) => input.name), yieldBetween) : rest.findings;
  return { ...rest, records, findings, evals: p.evals ? await unpackEvals(p.evals, records, yieldBetween) : rest.evals };
}

/** The sessions of the parts they crossed in, in order, each part rebuilt in a task of its own. */
export async function unpackSessions(parts: readonly unknown[], records: readonly SeqRecord[], yieldBetween: () => Promise<void> = nextTask): Promise<SessionAnalysis[]> {
  const sessions: SessionAnalysis[] = [];
  for (const part of parts) {
    await yieldBetween();
    for (const s of await withKeys(decodeSkeleton(part, records) as SessionSkeleton[], records)) sessions.push(s);
  }
  return sessions;
}

/** A session as it crossed: its per-key facts packed apart (see packReplays.ts). */
type SessionSkeleton = SessionAnalysis & { readonly packedKeys?: PackedKeys };

const parseJson: ValuesParser = (text) => JSON.parse(text) as unknown;

/** The sessions with their keys, key states and change lists rebuilt; the exact reader is loaded only for values that need it. */
async function withKeys(sessions: readonly SessionSkeleton[], records: readonly SeqRecord[]): Promise<SessionAnalysis[]> {
  const out: SessionAnalysis[] = [];
  for (const { packedKeys, ...session } of sessions) {
    if (!packedKeys) out.push(session);
    else out.push(unpackKeys(session, packedKeys, records, packedKeys.wide ? (await import('../io/exactJson')).parseExact : parseJson));
  }
  return out;
}
