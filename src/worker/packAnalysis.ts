import type { Analysis, SessionAnalysis } from '../core/analyze';
import type { JsonObject, ParsedInput, SeqRecord } from '../core/model';
import { inlineNumber } from '../io/inlineNumber';
import { findingsBuffers, packFindings, unpackFindings, type PackedFindings } from './packFindings';
import { recordIndexer } from '../core/recordIndex';
import { decodeSkeleton, encodeSkeleton } from './packSkeleton';
import { evalBuffers, packEvals, unpackEvals, type PackedEvals } from './packEvals';
import { CodeTable, textAt, TextPacker, valuesText, type PackedTexts } from './packedTexts';
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
export interface PackedAnalysis {
  /**
   * Per input: where the page finds its records when the columns below do
   * not carry them (null): built from the record lines handed on while the
   * file at a request position was read, or held from an earlier answer.
   */
  readonly recordsFrom: readonly (RecordsElsewhere | null)[];
  /** Records per input, so the page can check the records it built. */
  readonly inputCounts: readonly number[];
  /** Records carried in the columns (those of inputs whose `recordsFrom` is null). */
  readonly count: number;
  readonly fileIndex: Int32Array;
  readonly line: Float64Array;
  readonly offset: Float64Array;
  readonly length: Float64Array;
  /** NaN where the record has no accept_seq. */
  readonly acceptSeq: Float64Array;
  /** Bit 0: hasId, bit 1: accepted, bit 2: the id is a number. */
  readonly flags: Uint8Array;
  readonly kind: Uint32Array;
  readonly kinds: readonly string[];
  readonly session: Uint32Array;
  readonly sessions: readonly string[];
  /** Every id as text. */
  readonly ids: PackedTexts;
  /**
   * Each record's fields, a JSON array per chunk of records (CHUNK_CHARS), as UTF-8
   * bytes that are transferred: as strings, the fields of a million records
   * (over 100 MB of text) were copied while the page received the message,
   * in the one task that also took the rest of the analysis; as bytes each
   * chunk is decoded in its own stretch of the rebuild.
   */
  readonly data: readonly Uint8Array[];
  /**
   * Chunks whose fields hold a number beyond 2^53 − 1 (a WideNumber): written
   * with every digit and read back exactly, where JSON.parse would round it
   * and the page's comparison and detail view would see two numbers as one.
   */
  readonly wideChunks: readonly number[];
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

/** Records per chunk of fields at most: each chunk is read back in a step of the page's rebuild of its own. */
export const CHUNK = 50_000;

/**
 * Characters of fields' JSON a chunk aims at: a record of a real format
 * keeps its whole sample, result or state (8 KB and more), and 50,000 of
 * those were one chunk that held the page 0.3-1.0 s while it was parsed.
 * Each record's size is guessed by the length of its raw text where it has
 * one (its fields are that text parsed), else by the fields' average so far,
 * so small and large records of several files each close their own chunks;
 * a chunk that still comes out over OVERSIZE_CHUNK is written again in halves.
 */
export const CHUNK_CHARS = 4 * 1024 * 1024;
const OVERSIZE_CHUNK = 4 * CHUNK_CHARS;

/** Where the chunk starting at `start` ends: at CHUNK records, or once the records' guessed sizes reach CHUNK_CHARS. */
function chunkEnd(records: readonly SeqRecord[], start: number, average: number): number {
  let guessed = 0;
  let end = start;
  while (end < records.length && end - start < CHUNK && guessed < CHUNK_CHARS) {
    const length = records[end]!.length;
    guessed += length > 0 ? length : average;
    end++;
  }
  return end;
}

/**
 * Sessions per message when there are more than this. Tens of thousands of
 * small sessions are millions of small objects and typed arrays: received in
 * one message and rebuilt in one go they held the page for seconds, so they
 * cross in parts, each received and rebuilt in a task of its own.
 */
export const SESSIONS_PER_PART = 1000;

/**
 * In the worker: the analysis packed, and the buffers to transfer with it.
 * `elsewhere` gives, for inputs whose records the page has already (handed
 * on while read, or held from an earlier answer), where it has them; their
 * records are left out.
 */
export function packAnalysis(
  analysis: Analysis,
  elsewhere: ReadonlyMap<ParsedInput, RecordsElsewhere> = new Map(),
): { packed: PackedAnalysis; transfer: ArrayBuffer[]; sessionParts: unknown[]; partTransfers: ArrayBuffer[][] } {
  const recordsFrom = analysis.inputs.map((input) => elsewhere.get(input) ?? null);
  // Nothing handed on (a Codex file, a small file): the analysis' own list, not a copy of a million references.
  const records = recordsFrom.every((f) => f === null) ? analysis.records : analysis.inputs.flatMap((input, j) => (recordsFrom[j] === null ? input.records : []));
  const n = records.length;
  const fileIndex = new Int32Array(n);
  const line = new Float64Array(n);
  const offset = new Float64Array(n);
  const length = new Float64Array(n);
  const acceptSeq = new Float64Array(n);
  const flags = new Uint8Array(n);
  const kind = new Uint32Array(n);
  const session = new Uint32Array(n);
  const kinds = new CodeTable();
  const sessions = new CodeTable();
  const ids = new TextPacker();
  const data: Uint8Array[] = [];
  const utf8 = new TextEncoder();
  const wideChunks: number[] = [];
  for (let i = 0; i < n; i++) {
    const r = records[i]!;
    fileIndex[i] = r.fileIndex;
    line[i] = r.line;
    offset[i] = r.offset;
    length[i] = r.length;
    acceptSeq[i] = r.acceptSeq ?? NaN;
    flags[i] = (r.hasId ? 1 : 0) | (r.accepted ? 2 : 0) | (typeof r.id === 'number' ? 4 : 0);
    kind[i] = kinds.of(r.kind);
    session[i] = sessions.of(r.session);
    ids.push(String(r.id));
  }
  let chars = 0;
  const pushChunk = (from: number, to: number) => {
    const chunk = valuesText(records.slice(from, to).map((x) => x.data));
    if (chunk.text.length > OVERSIZE_CHUNK && to - from > 1) {
      const mid = from + ((to - from) >> 1);
      pushChunk(from, mid);
      pushChunk(mid, to);
      return;
    }
    if (chunk.wide) wideChunks.push(data.length);
    data.push(utf8.encode(chunk.text));
    chars += chunk.text.length;
  };
  for (let start = 0; start < n; ) {
    const end = chunkEnd(records, start, start === 0 ? 100 : chars / start);
    pushChunk(start, end);
    start = end;
  }
  const findings = packFindings(analysis.findings);
  // One index of every record's position serves the evals and the skeleton.
  const indexOf = recordIndexer(analysis.records);
  const evals = analysis.evals ? packEvals(analysis.evals, indexOf) : null;
  const packedIds = ids.finish();
  // Each session's effects stay here: they only build the cutoff index, which is built. Its per-key facts cross as columns.
  const sessionSkeletons = analysis.sessions.map((session) => ({
    ...session,
    replays: { ...session.replays, effects: [], keys: [], storage: null, acceptance: null },
    cutoffIndex: { ...session.cutoffIndex, changes: null },
    packedKeys: packKeys(session, indexOf),
  }));
  const inParts = sessionSkeletons.length > SESSIONS_PER_PART;
  const sessionParts: unknown[] = [];
  const partBuffers: Set<ArrayBuffer>[] = [];
  for (let at = 0; inParts && at < sessionSkeletons.length; at += SESSIONS_PER_PART) {
    const buffers = new Set<ArrayBuffer>();
    sessionParts.push(encodeSkeleton(sessionSkeletons.slice(at, at + SESSIONS_PER_PART), analysis.records, indexOf, buffers));
    partBuffers.push(buffers);
  }
  const skeletonBuffers = new Set<ArrayBuffer>();
  const columns = [fileIndex, line, offset, length, acceptSeq, flags, kind, session, packedIds.ends];
  const rejected = analysis.inputs.map((input, j) => packRejected(isHeld(recordsFrom[j]) ? [] : input.rejected));
  const packed: PackedAnalysis = {
    recordsFrom,
    inputCounts: analysis.inputs.map((input) => input.records.length),
    count: n,
    fileIndex,
    line,
    offset,
    length,
    acceptSeq,
    flags,
    kind,
    kinds: kinds.values(),
    session,
    sessions: sessions.values(),
    ids: packedIds,
    data,
    wideChunks,
    findings,
    evals,
    sessionParts: sessionParts.length,
    rejected,
    skeleton: encodeSkeleton(
      { ...analysis, inputs: analysis.inputs.map((input, j) => ({ ...input, rejected: [], text: isHeld(recordsFrom[j]) ? '' : input.text })), records: null, findings: findings ? null : analysis.findings, evals: evals ? null : analysis.evals, sessions: inParts ? [] : sessionSkeletons },
      analysis.records,
      indexOf,
      skeletonBuffers,
    ),
  };
  const own = [...columns.map((c) => c.buffer as ArrayBuffer), ...(evals ? evalBuffers(evals) : []), ...(findings ? findingsBuffers(findings) : []), ...rejectedBuffers(rejected), ...data.map((d) => d.buffer as ArrayBuffer)];
  const [transfer, ...partTransfers] = transfersByMessage([{ own, found: skeletonBuffers }, ...partBuffers.map((found) => ({ own: [], found }))]);
  return { packed, transfer: transfer!, sessionParts, partTransfers };
}

/**
 * In the page: the same analysis rebuilt, a chunk of records at a time.
 * `onPage` gives the records the page has of an input that did not cross
 * (PackedAnalysis.recordsFrom), and the text of one it holds; `sessionParts`,
 * the parts the sessions crossed in, in the order they came.
 */
export async function unpackAnalysis(
  p: PackedAnalysis,
  yieldBetween: () => Promise<void> = nextTask,
  onPage: OnPage = NOTHING_ON_PAGE,
  sessionParts: readonly unknown[] = [],
): Promise<Analysis> {
  if (sessionParts.length !== p.sessionParts) throw new Error(`the sessions came in ${sessionParts.length} of ${p.sessionParts} parts`);
  const packedRecords = await unpackRecords(p, yieldBetween);
  const records = await joinRecords(p.recordsFrom, p.inputCounts, packedRecords, onPage.records, yieldBetween);
  let rest = decodeSkeleton(p.skeleton, records) as Analysis;
  if (sessionParts.length > 0) {
    const sessions: SessionAnalysis[] = [];
    for (const part of sessionParts) {
      await yieldBetween();
      for (const s of await withKeys(decodeSkeleton(part, records) as SessionSkeleton[], records)) sessions.push(s);
    }
    rest = { ...rest, sessions };
  } else rest = { ...rest, sessions: await withKeys(rest.sessions as SessionSkeleton[], records) };
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

async function unpackRecords(p: PackedAnalysis, yieldBetween: () => Promise<void>): Promise<SeqRecord[]> {
  const records: SeqRecord[] = new Array<SeqRecord>(p.count);
  // The exact reader is loaded only for a file that holds such numbers: most never do.
  const exact = p.wideChunks.length > 0 ? (await import('../io/exactJson')).parseExact : null;
  const wide = new Set(p.wideChunks);
  const utf8 = new TextDecoder();
  let base = 0;
  for (let c = 0; c < p.data.length; c++) {
    const text = utf8.decode(p.data[c]!);
    const datas = (exact && wide.has(c) ? exact(text, 0) : JSON.parse(text)) as JsonObject[];
    for (let k = 0; k < datas.length; k++) {
      const i = base + k;
      const f = p.flags[i]!;
      const idText = textAt(p.ids, i);
      const seq = p.acceptSeq[i]!;
      records[i] = {
        fileIndex: p.fileIndex[i]!,
        line: inlineNumber(p.line[i]!),
        offset: inlineNumber(p.offset[i]!),
        length: inlineNumber(p.length[i]!),
        kind: p.kinds[p.kind[i]!]!,
        id: f & 4 ? Number(idText) : idText,
        hasId: (f & 1) !== 0,
        session: p.sessions[p.session[i]!]!,
        accepted: (f & 2) !== 0,
        acceptSeq: Number.isNaN(seq) ? null : inlineNumber(seq),
        data: datas[k]!,
      };
    }
    base += datas.length;
    if (c + 1 < p.data.length) await yieldBetween();
  }
  return records;
}
