import type { Analysis, SessionAnalysis } from '../core/analyze';
import { lastAtOrBelow, storagePrefixEnd } from '../core/cutoff';
import { buildCutoffKeyIndex, cutoffKeyStateAt, type CutoffKeyIndex, type CutoffKeyState } from '../core/cutoffKeys';
import { buildLeakIndex, leakCount, leaksAt } from '../core/leakIndex';
import { acceptSeqCarriers, noAcceptanceOrderReason } from '../core/orderingFindings';
import { storageOrderLookup, type RecordLookup } from '../core/recordLookup';
import type { Finding, ParsedInput, SeqRecord, Severity } from '../core/model';
import { rawRecordText } from '../core/rawText';
import { sessionSpanNote } from '../core/sessionFiles';
import { buildStoragePrefixIndex } from '../core/storagePrefix';
import { perObject } from '../core/perObject';
import { lastCall } from './memo';
import { wantRawLine } from './rawLines';

/** Position of a record in `Analysis.records`: a binary search in storage order, not a Map of every record. */
export const recordIndexOf = perObject((analysis: Analysis): RecordLookup => storageOrderLookup(analysis.records));

export function sessionOf(analysis: Analysis | null, name: string | null): SessionAnalysis | null {
  if (!analysis || analysis.sessions.length === 0) return null;
  return analysis.sessions.find((s) => s.session === name) ?? null;
}

export const prefixIndexOf = perObject((session: SessionAnalysis) => buildStoragePrefixIndex(session.ordering));

export const leakIndexOf = perObject((session: SessionAnalysis) => buildLeakIndex(session.cutoffIndex, session.ordering.bySeq));

/** Why a session has no acceptance order (null when it has one): a walk over its records, made once per session for the session line and the cutoff note both. */
export const unorderedReasonOf = perObject((session: SessionAnalysis): string | null =>
  session.ordering.hasAcceptanceOrder ? null : noAcceptanceOrderReason(acceptSeqCarriers(session.records)),
);

/**
 * Whether a session spans files, said once per session of the open inputs: a walk over its
 * participants, which took 20-40 ms at each switch of session at a million records, back to one seen before too.
 */
export const spanNoteOf = perObject((inputs: readonly ParsedInput[]) => perObject((session: SessionAnalysis) => sessionSpanNote(session, inputs)));

/** The eval records in file order, found once per analysis: a pass over a million records at every render of raw file order was a long task of its own. */
export const evalRecordsOf = perObject((analysis: Analysis): readonly SeqRecord[] => analysis.records.filter((r) => r.kind === 'eval'));

/** Future leaks listed per cutoff step at most; the rest are counted (a step stays O(log n + listed)). */
export const LISTED_LEAKS = 200;

/** The slider's range: the session's smallest and largest acceptance numbers, or null without an acceptance order. */
export function cutoffRange(session: SessionAnalysis | null): { min: number; max: number } | null {
  const steps = session?.cutoffIndex.seqSteps;
  if (!steps || steps.length === 0) return null;
  return { min: steps[0]!, max: steps[steps.length - 1]! };
}

/** Play walks a session in about this many steps at most: one step per number would take an hour at 100,000 of them. */
export const PLAY_STEPS = 200;

/**
 * Where Play goes after N in a session of more than PLAY_STEPS numbers: to
 * the next of every stride-th number, or, when future leaks begin at a
 * number before it, there first. A leak can last one number (a record stored
 * one place early), and a stride of 500 numbers would play past the one N
 * that shows it. One such stop at most between two stride points, so a log
 * whose leaks begin at every other number still plays in about twice
 * PLAY_STEPS steps; each costs two lookups in the leak index.
 */
export function nextPlayStep(session: SessionAnalysis, n: number): number | null {
  const steps = session.cutoffIndex.seqSteps;
  const stride = Math.max(1, Math.ceil(steps.length / PLAY_STEPS));
  const at = lastAtOrBelow(steps, n);
  if (at >= steps.length - 1) return null;
  if (stride === 1 || at < 0) return steps[at + 1]!;
  const grid = Math.min(steps.length - 1, (Math.floor(at / stride) + 1) * stride);
  const leaks = leakIndexOf(session);
  const leaksBegin = (k: number) => leakCount(leaks, steps[k]!) > 0 && (k === 0 || leakCount(leaks, steps[k - 1]!) === 0);
  // Stopped at a leak's start already: on to the stride point.
  if (at % stride !== 0 && leaksBegin(at)) return steps[grid]!;
  for (let k = at + 1; k < grid; k++) if (leaksBegin(k)) return steps[k]!;
  return steps[grid]!;
}

export function clampCutoff(session: SessionAnalysis | null, n: number | null): number | null {
  const range = cutoffRange(session);
  if (!range) return null;
  if (n === null || !Number.isFinite(n)) return range.max;
  return Math.min(range.max, Math.max(range.min, Math.round(n)));
}

export interface CutoffView {
  readonly n: number;
  /** The keys at N, each with a place in its two change lists: rows are made from them only for the keys shown. */
  readonly keys: CutoffKeyIndex;
  readonly keyState: CutoffKeyState;
  /** The first LISTED_LEAKS future leaks in storage order, and how many there are in all. */
  readonly leaks: readonly SeqRecord[];
  readonly leakCount: number;
  readonly leakSet: ReadonlySet<SeqRecord>;
  /** Participant position where the storage prefix ends (-1: empty), and the record there. */
  readonly prefixEnd: number;
  readonly prefixLast: SeqRecord | null;
}

export const cutoffKeyIndexOf = perObject((session: SessionAnalysis) => buildCutoffKeyIndex(session.cutoffIndex, prefixIndexOf(session)));

/** Each session's key state at the cutoff last shown, which the next step starts from. */
const lastKeyState = new WeakMap<SessionAnalysis, CutoffKeyState>();

/** Everything the page shows about one cutoff: the changes since the cutoff before applied, and the leak index's binary searches; never a replay or a scan of every record. */
export const cutoffViewOf = lastCall((session: SessionAnalysis, n: number): CutoffView => {
  const index = session.cutoffIndex;
  const prefixEnd = storagePrefixEnd(index, n);
  const keys = cutoffKeyIndexOf(session);
  const keyState = cutoffKeyStateAt(keys, n, prefixEnd, lastKeyState.get(session) ?? null);
  lastKeyState.set(session, keyState);
  const leakIndex = leakIndexOf(session);
  const leaks = leaksAt(leakIndex, n, LISTED_LEAKS);
  return {
    n,
    keys,
    keyState,
    leaks,
    leakCount: leakCount(leakIndex, n),
    leakSet: new Set(leaks),
    prefixEnd,
    prefixLast: prefixEnd >= 0 ? index.participants[prefixEnd]! : null,
  };
});

export interface FindingGroup {
  readonly severity: Severity;
  readonly total: number;
  readonly items: readonly { readonly index: number; readonly finding: Finding }[];
}

const SEVERITIES: readonly Severity[] = ['error', 'warning', 'info'];

/** Findings grouped by severity; `total` counts the group before the code filter so the header never hides what exists. */
export const findingGroupsOf = lastCall((findings: readonly Finding[], code: string | null): FindingGroup[] =>
  SEVERITIES.map((severity) => {
    const items: { index: number; finding: Finding }[] = [];
    let total = 0;
    findings.forEach((finding, index) => {
      if (finding.severity !== severity) return;
      total++;
      if (code === null || finding.code === code) items.push({ index, finding });
    });
    return { severity, total, items };
  }).filter((g) => g.total > 0),
);

export const codeCountsOf = perObject((findings: readonly Finding[]) => {
  const counts = new Map<string, { code: string; severity: Severity; count: number }>();
  for (const f of findings) {
    const c = counts.get(f.code);
    if (c) c.count++;
    else counts.set(f.code, { code: f.code, severity: f.severity, count: 1 });
  }
  return [...counts.values()].sort((a, b) => (a.code < b.code ? -1 : 1));
});

/** Per finding, the lowest accept_seq among its records (-Infinity when one has none), so dimming is a comparison per step. */
export const findingMinSeqOf = perObject((analysis: Analysis) =>
  Float64Array.from(analysis.findings, (f) => {
    if (f.recordIndex.length === 0) return -Infinity;
    let min = Infinity;
    for (const i of f.recordIndex) {
      const seq = analysis.records[i]?.acceptSeq;
      if (seq === null || seq === undefined) return -Infinity;
      if (seq < min) min = seq;
    }
    return min;
  }),
);

/** A finding is after the cutoff when it belongs to the shown session and every record it names was accepted after N. */
export function findingIsAfterCutoff(analysis: Analysis, index: number, session: string | null, n: number | null): boolean {
  const finding = analysis.findings[index];
  if (n === null || !finding || finding.session === null || finding.session !== session) return false;
  return findingMinSeqOf(analysis)[index]! > n;
}

/** Where a record is: `file:line`, the way a person finds it in an editor. */
export function locationOf(analysis: Analysis, record: SeqRecord): string {
  return `${analysis.inputs[record.fileIndex]?.name ?? '?'}:${record.line}`;
}

/**
 * The raw text of a record exactly as in its file, or its JSON, indented for reading, when it has no line of its own.
 * A streamed input's line is read back from the file when first asked for: `pending` (and no text) until it arrives.
 */
export function rawTextOf(analysis: Analysis, record: SeqRecord): { text: string; exact: boolean; pending?: boolean } {
  const input = analysis.inputs[record.fileIndex];
  const raw = rawRecordText(input, record);
  if (raw.pending) {
    wantRawLine(input, record);
    return { text: '', exact: true, pending: true };
  }
  return raw.exact ? raw : { text: JSON.stringify(record.data, null, 2), exact: false };
}
