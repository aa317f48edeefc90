import type { Analysis } from '../core/analyze';
import type { JsonObject, SeqRecord } from '../core/model';
import { packFindings, unpackFindings, type PackedFindings } from './packFindings';

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
  /** Every id as text, joined, and where each ends. */
  readonly ids: string;
  readonly idEnds: Float64Array;
  /** Each record's fields, a JSON array per chunk of CHUNK records. */
  readonly data: readonly string[];
  /** The findings as columns (null: they are in the skeleton). */
  readonly findings: PackedFindings | null;
  /**
   * Everything else, records as indices. Each session's `replays.effects`
   * (one entry per participant) is left out: it only builds the cutoff
   * index, which the worker has built; the page gets an empty list.
   */
  readonly skeleton: unknown;
}

export const CHUNK = 50_000;

/**
 * Tags in the skeleton. The analysis holds no BigInt arrays, so an array whose
 * first element is one is never something the engine made: a list of records
 * (indices), one record, or an object without a prototype (a state keyed by
 * log text, where `__proto__` is an ordinary key).
 */
const RECORDS = 0;
const RECORD = 1;
const BARE_OBJECT = 2;
const tag = (kind: number) => new BigInt64Array(kind + 1);
const tagOf = (v: unknown): number => (Array.isArray(v) && v.length === 2 && v[0] instanceof BigInt64Array ? v[0].length - 1 : -1);

function isPlain(v: object): boolean {
  const p = Object.getPrototypeOf(v) as unknown;
  return p === Object.prototype || p === null;
}

/**
 * Position of a record in `records`, or undefined for anything else: by its
 * input and line through a table (records are stored input by input, line by
 * line), checked by identity; a Map only for records whose line another
 * record shares. A million lookups by hash cost seconds; these are array loads.
 */
function recordIndexer(records: readonly SeqRecord[]): (v: unknown) => number | undefined {
  const starts: number[] = [];
  const byLine: Int32Array[] = [];
  const shared = new Map<SeqRecord, number>();
  for (let i = 0; i < records.length; ) {
    const file = records[i]!.fileIndex;
    let end = i;
    let maxLine = 0;
    while (end < records.length && records[end]!.fileIndex === file) maxLine = Math.max(maxLine, records[end++]!.line);
    // Lines are counted from 1 and dense; an input whose numbers run far past its records is looked up by Map.
    const table = new Int32Array(maxLine <= 4 * (end - i) + 1024 ? maxLine + 1 : 0).fill(-1);
    for (let k = i; k < end; k++) {
      const line = records[k]!.line;
      if (line >= table.length || table[line] !== -1) shared.set(records[k]!, k);
      else table[line] = k;
    }
    starts[file] = i;
    byLine[file] = table;
    i = end;
  }
  return (v) => {
    const r = v as SeqRecord;
    const table = byLine[r.fileIndex];
    if (table !== undefined && typeof r.line === 'number') {
      const k = table[r.line];
      if (k !== undefined && k >= 0 && records[k] === r) return k;
    }
    return shared.size > 0 ? shared.get(r) : undefined;
  };
}

function encodeSkeleton(root: unknown, indexOf: (v: unknown) => number | undefined): unknown {
  const memo = new Map<object, unknown>();
  const encode = (v: unknown): unknown => {
    if (v === null || typeof v !== 'object') return v;
    if (ArrayBuffer.isView(v) && (v instanceof BigInt64Array || v instanceof BigUint64Array)) throw new Error('a BigInt array in the analysis');
    const done = memo.get(v);
    if (done !== undefined) return done;
    let out: unknown;
    const i = indexOf(v);
    if (i !== undefined) out = [tag(RECORD), i];
    else if (Array.isArray(v)) {
      const list = v.length > 0 ? recordList(v, indexOf) : null;
      out = list ? [tag(RECORDS), list] : v.map(encode);
    } else if (v instanceof Map) out = new Map([...v].map(([k, x]) => [encode(k), encode(x)]));
    else if (v instanceof Set) out = new Set([...v].map(encode));
    else if (isPlain(v)) {
      const o: Record<string, unknown> = {};
      for (const key of Object.keys(v)) Object.defineProperty(o, key, { value: encode((v as Record<string, unknown>)[key]), enumerable: true, writable: true, configurable: true });
      out = Object.getPrototypeOf(v) === null ? [tag(BARE_OBJECT), o] : o;
    } else out = v;
    memo.set(v, out);
    return out;
  };
  return encode(root);
}

/** The positions of an array's elements when every one is a record, else null. */
function recordList(v: readonly unknown[], indexOf: (v: unknown) => number | undefined): Int32Array | null {
  const out = new Int32Array(v.length);
  for (let k = 0; k < v.length; k++) {
    const x = v[k];
    const i = x !== null && typeof x === 'object' ? indexOf(x) : undefined;
    if (i === undefined) return null;
    out[k] = i;
  }
  return out;
}

/** In the worker: the analysis packed, and the buffers to transfer with it. */
export function packAnalysis(analysis: Analysis): { packed: PackedAnalysis; transfer: ArrayBuffer[] } {
  const records = analysis.records;
  const n = records.length;
  const fileIndex = new Int32Array(n);
  const line = new Float64Array(n);
  const offset = new Float64Array(n);
  const length = new Float64Array(n);
  const acceptSeq = new Float64Array(n);
  const flags = new Uint8Array(n);
  const kind = new Uint32Array(n);
  const session = new Uint32Array(n);
  const idEnds = new Float64Array(n);
  const kinds = new Map<string, number>();
  const sessions = new Map<string, number>();
  const code = (table: Map<string, number>, s: string) => {
    let c = table.get(s);
    if (c === undefined) table.set(s, (c = table.size));
    return c;
  };
  const ids: string[] = [];
  let idLength = 0;
  const data: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = records[i]!;
    fileIndex[i] = r.fileIndex;
    line[i] = r.line;
    offset[i] = r.offset;
    length[i] = r.length;
    acceptSeq[i] = r.acceptSeq ?? NaN;
    flags[i] = (r.hasId ? 1 : 0) | (r.accepted ? 2 : 0) | (typeof r.id === 'number' ? 4 : 0);
    kind[i] = code(kinds, r.kind);
    session[i] = code(sessions, r.session);
    const id = String(r.id);
    ids.push(id);
    idLength += id.length;
    idEnds[i] = idLength;
    if (i % CHUNK === CHUNK - 1 || i === n - 1) data.push(JSON.stringify(records.slice(i - (i % CHUNK), i + 1).map((x) => x.data)));
  }
  const findings = packFindings(analysis.findings);
  const columns = [fileIndex, line, offset, length, acceptSeq, flags, kind, session, idEnds];
  const packed: PackedAnalysis = {
    count: n,
    fileIndex,
    line,
    offset,
    length,
    acceptSeq,
    flags,
    kind,
    kinds: [...kinds.keys()],
    session,
    sessions: [...sessions.keys()],
    ids: ids.join(''),
    idEnds,
    data,
    findings,
    skeleton: encodeSkeleton(
      {
        ...analysis,
        records: null,
        findings: findings ? null : analysis.findings,
        sessions: analysis.sessions.map((session) => ({ ...session, replays: { ...session.replays, effects: [] } })),
      },
      recordIndexer(records),
    ),
  };
  return { packed, transfer: columns.map((c) => c.buffer as ArrayBuffer) };
}

function decodeSkeleton(root: unknown, records: readonly SeqRecord[]): unknown {
  const memo = new Map<object, unknown>();
  const decode = (v: unknown): unknown => {
    if (v === null || typeof v !== 'object') return v;
    const done = memo.get(v);
    if (done !== undefined) return done;
    let out: unknown;
    const t = tagOf(v);
    if (t === RECORDS) out = Array.from((v as [unknown, Int32Array])[1], (i) => records[i]!);
    else if (t === RECORD) out = records[(v as [unknown, number])[1]]!;
    else if (t === BARE_OBJECT) out = decodeObject((v as [unknown, Record<string, unknown>])[1], Object.create(null) as Record<string, unknown>);
    else if (Array.isArray(v)) out = v.map(decode);
    else if (v instanceof Map) out = new Map([...v].map(([k, x]) => [decode(k), decode(x)]));
    else if (v instanceof Set) out = new Set([...v].map(decode));
    else if (isPlain(v)) out = decodeObject(v as Record<string, unknown>, {});
    else out = v;
    memo.set(v, out);
    return out;
  };
  const decodeObject = (v: Record<string, unknown>, o: Record<string, unknown>) => {
    for (const key of Object.keys(v)) {
      if (key === '__proto__') Object.defineProperty(o, key, { value: decode(v[key]), enumerable: true, writable: true, configurable: true });
      else o[key] = decode(v[key]);
    }
    return o;
  };
  return decode(root);
}

/** Yields to the page between chunks, so input and paint go on while a large analysis is unpacked. */
const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** In the page: the same analysis rebuilt, a chunk of records at a time. */
export async function unpackAnalysis(p: PackedAnalysis, yieldBetween: () => Promise<void> = yieldToPage): Promise<Analysis> {
  const records: SeqRecord[] = new Array<SeqRecord>(p.count);
  for (let c = 0; c < p.data.length; c++) {
    const datas = JSON.parse(p.data[c]!) as JsonObject[];
    const base = c * CHUNK;
    for (let k = 0; k < datas.length; k++) {
      const i = base + k;
      const f = p.flags[i]!;
      const idText = p.ids.slice(i === 0 ? 0 : p.idEnds[i - 1]!, p.idEnds[i]!);
      const seq = p.acceptSeq[i]!;
      records[i] = {
        fileIndex: p.fileIndex[i]!,
        line: p.line[i]!,
        offset: p.offset[i]!,
        length: p.length[i]!,
        kind: p.kinds[p.kind[i]!]!,
        id: f & 4 ? Number(idText) : idText,
        hasId: (f & 1) !== 0,
        session: p.sessions[p.session[i]!]!,
        accepted: (f & 2) !== 0,
        acceptSeq: Number.isNaN(seq) ? null : seq,
        data: datas[k]!,
      };
    }
    if (c + 1 < p.data.length) await yieldBetween();
  }
  const rest = decodeSkeleton(p.skeleton, records) as Analysis;
  return { ...rest, records, findings: p.findings ? unpackFindings(p.findings) : rest.findings };
}
