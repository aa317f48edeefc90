import type { EvalAnalysis, EvalIdentity, EvalStatus } from '../core/evals';
import type { SeqRecord } from '../core/model';
import { textAt, TextPacker, type PackedTexts } from './packedTexts';

/**
 * The eval identities as columns. A sweep of 300,000 eval records makes
 * about 190,000 identities, each an object with two lists; walked as a
 * skeleton and structured-cloned they cost the worker two seconds and the
 * page a long pause, as columns they cost a few typed arrays and two texts,
 * and the page rebuilds the same objects around its own records.
 */
export interface PackedEvals {
  readonly summary: EvalAnalysis['summary'];
  readonly count: number;
  readonly keys: PackedTexts;
  readonly labels: PackedTexts;
  readonly basis: Uint8Array;
  readonly disputed: Uint8Array;
  readonly variance: Uint8Array;
  readonly replays: Float64Array;
  /** Index into STATUSES, or NO_STATUS when the identity is disputed. */
  readonly status: Uint8Array;
  /** Per identity, where its records end in the flat lists below. */
  readonly recordEnds: Float64Array;
  /** Each record's position in Analysis.records, and its status. */
  readonly recordIndex: Int32Array;
  readonly recordStatus: Uint8Array;
}

const BASES: readonly EvalIdentity['basis'][] = ['id', 'case+run', 'case', 'synthetic'];
const STATUSES: readonly EvalStatus[] = ['pass', 'fail', 'error', 'skip', 'unknown'];
const NO_STATUS = 255;
const IDENTITY_KEYS = 'key,basis,label,records,statuses,disputed,replays,variance,status';

/** Null when an identity has a shape or a record this packing does not know (the evals then travel in the skeleton). */
export function packEvals(evals: EvalAnalysis, indexOf: (record: SeqRecord) => number | undefined): PackedEvals | null {
  const ids = evals.identities;
  const n = ids.length;
  if (n > 0 && Object.keys(ids[0]!).join() !== IDENTITY_KEYS) return null;
  const basis = new Uint8Array(n);
  const disputed = new Uint8Array(n);
  const variance = new Uint8Array(n);
  const replays = new Float64Array(n);
  const status = new Uint8Array(n);
  const recordEnds = new Float64Array(n);
  const keys = new TextPacker();
  const labels = new TextPacker();
  const recordIndex: number[] = [];
  const recordStatus: number[] = [];
  for (let i = 0; i < n; i++) {
    const id = ids[i]!;
    const b = BASES.indexOf(id.basis);
    if (b < 0 || id.records.length !== id.statuses.length) return null;
    basis[i] = b;
    disputed[i] = id.disputed ? 1 : 0;
    variance[i] = id.variance ? 1 : 0;
    replays[i] = id.replays;
    status[i] = id.status === null ? NO_STATUS : STATUSES.indexOf(id.status);
    keys.push(id.key);
    labels.push(id.label);
    for (let k = 0; k < id.records.length; k++) {
      const at = indexOf(id.records[k]!) ?? -1;
      const s = STATUSES.indexOf(id.statuses[k]!);
      if (at < 0 || s < 0) return null;
      recordIndex.push(at);
      recordStatus.push(s);
    }
    recordEnds[i] = recordIndex.length;
  }
  return {
    summary: evals.summary,
    count: n,
    keys: keys.finish(),
    labels: labels.finish(),
    basis,
    disputed,
    variance,
    replays,
    status,
    recordEnds,
    recordIndex: Int32Array.from(recordIndex),
    recordStatus: Uint8Array.from(recordStatus),
  };
}

/** Identities rebuilt per task: a sweep of a million identities was one task of about 70 ms. */
const IDENTITIES_PER_TASK = 131072;

/** The evals again, their identities' records read from `records` (Analysis.records), with `yieldBetween` awaited between chunks. */
export async function unpackEvals(p: PackedEvals, records: readonly SeqRecord[], yieldBetween: () => Promise<void>): Promise<EvalAnalysis> {
  const identities = new Array<EvalIdentity>(p.count);
  let at = 0;
  for (let i = 0; i < p.count; i++) {
    if (i > 0 && i % IDENTITIES_PER_TASK === 0) await yieldBetween();
    const end = p.recordEnds[i]!;
    const own = new Array<SeqRecord>(end - at);
    const statuses = new Array<EvalStatus>(end - at);
    for (let k = 0; at < end; k++, at++) {
      own[k] = records[p.recordIndex[at]!]!;
      statuses[k] = STATUSES[p.recordStatus[at]!]!;
    }
    const s = p.status[i]!;
    identities[i] = {
      key: textAt(p.keys, i),
      basis: BASES[p.basis[i]!]!,
      label: textAt(p.labels, i),
      records: own,
      statuses,
      disputed: p.disputed[i] === 1,
      replays: p.replays[i]!,
      variance: p.variance[i] === 1,
      status: s === NO_STATUS ? null : STATUSES[s]!,
    };
  }
  return { summary: p.summary, identities };
}

/** The buffers of a packed evals to transfer rather than copy. */
export function evalBuffers(p: PackedEvals): ArrayBuffer[] {
  return [p.keys.ends, p.labels.ends, p.basis, p.disputed, p.variance, p.replays, p.status, p.recordEnds, p.recordIndex, p.recordStatus].map((a) => a.buffer as ArrayBuffer);
}
