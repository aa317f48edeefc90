import type { JsonObject, SeqRecord } from '../core/model';
import { inlineNumber } from '../io/inlineNumber';
import { CodeTable, textAt, TextPacker, textUnits, unitsText, valuesText, type PackedTexts, type TextUnits } from './packedTexts';

/**
 * Records as they cross from the worker to the page: columns (typed arrays,
 * transferred, not copied), their strings once each (kinds and sessions as
 * tables, ids joined), their fields as JSON in chunks.
 */
export interface PackedRecords {
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
   * Each record's fields, a JSON array per chunk of records (CHUNK_CHARS), as
   * code units that are transferred (textUnits): as strings, the fields of a
   * million records (over 100 MB of text) were copied while the page received
   * the message, in the one task that also took the rest of the analysis; as
   * units each chunk is decoded in its own stretch of the rebuild.
   */
  readonly data: readonly TextUnits[];
  /**
   * Chunks whose fields hold a number beyond 2^53 − 1 (a WideNumber): written
   * with every digit and read back exactly, where JSON.parse would round it
   * and the page's comparison and detail view would see two numbers as one.
   */
  readonly wideChunks: readonly number[];
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

/** In the worker: `records` as columns. */
export function packRecords(records: readonly SeqRecord[]): PackedRecords {
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
  const data: TextUnits[] = [];
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
    data.push(textUnits(chunk.text));
    chars += chunk.text.length;
  };
  for (let start = 0; start < n; ) {
    const end = chunkEnd(records, start, start === 0 ? 100 : chars / start);
    pushChunk(start, end);
    start = end;
  }
  const packedIds = ids.finish();
  return { count: n, fileIndex, line, offset, length, acceptSeq, flags, kind, kinds: kinds.values(), session, sessions: sessions.values(), ids: packedIds, data, wideChunks };
}

/** The buffers of the columns and the fields' chunks, to transfer. */
export function recordBuffers(p: PackedRecords): ArrayBuffer[] {
  return [p.fileIndex, p.line, p.offset, p.length, p.acceptSeq, p.flags, p.kind, p.session, p.ids.ends, ...p.data].map((c) => c.buffer as ArrayBuffer);
}

/** In the page: the records again, a chunk of fields at a time. */
export async function unpackRecords(p: PackedRecords, yieldBetween: () => Promise<void>): Promise<SeqRecord[]> {
  const records: SeqRecord[] = new Array<SeqRecord>(p.count);
  // The exact reader is loaded only for a file that holds such numbers: most never do.
  const exact = p.wideChunks.length > 0 ? (await import('../io/exactJson')).parseExact : null;
  const wide = new Set(p.wideChunks);
  let base = 0;
  for (let c = 0; c < p.data.length; c++) {
    const text = unitsText(p.data[c]!);
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
