import type { FindingsAtPositions } from '../core/findings';
import type { Finding, RecordRef, SeqRecord, Severity } from '../core/model';
import { inlineNumber } from '../io/inlineNumber';
import { CodeTable, textAt, TextPacker, type PackedTexts } from './packedTexts';

/**
 * Findings as columns: a hundred thousand findings cloned as objects cost
 * the page more than a second; as strings joined once and numbers in typed
 * arrays they cost a few milliseconds, and the page rebuilds the same objects.
 */
export interface PackedFindings {
  readonly count: number;
  readonly codes: readonly string[];
  readonly code: Uint16Array;
  readonly severity: Uint8Array;
  readonly sessions: readonly string[];
  /** Index into `sessions`, -1 for null. */
  readonly session: Int32Array;
  readonly messages: PackedTexts;
  /** Per finding, where its records end in `recordIndex`. */
  readonly refEnds: Float64Array;
  /**
   * Each reference's position in Analysis.records: the page reads its file,
   * line and id from the record there. A reference at -1 (a record the
   * analysis does not hold) is spelled out in the columns below, in order.
   */
  readonly recordIndex: Int32Array;
  readonly files: readonly string[];
  readonly refFile: Uint32Array;
  readonly refLine: Float64Array;
  readonly refIds: PackedTexts;
  readonly refIdIsNumber: Uint8Array;
}

const SEVERITIES: readonly Severity[] = ['error', 'warning', 'info'];
const FINDING_KEYS = 'code,severity,session,message,records,recordIndex';
const REF_KEYS = 'file,line,id';

/**
 * Null when the findings have a shape this packing does not know (they then
 * travel as they are). Every finding comes from one constructor
 * (FindingSink.finish), so the first finding and the first record reference
 * stand for the shape of all; listing every object's keys cost a second at
 * a hundred thousand findings.
 */
export function packFindings(findings: readonly Finding[]): PackedFindings | null {
  if (findings.length > 0 && Object.keys(findings[0]!).join() !== FINDING_KEYS) return null;
  return packRows(findings.length, (i) => findings[i]!);
}

/**
 * Findings made without their references (FindingSink.finishPositions), each
 * record a position the page reads; null if one is not (it has no record to
 * read them from), and the findings then travel as objects.
 */
export function packFindingPositions(f: FindingsAtPositions): PackedFindings | null {
  return packRows(f.count, (i) => ({ code: f.codes[i]!, severity: f.severities[i]!, session: f.sessions[i]!, message: f.messages[i]!, recordIndex: f.recordIndex[i]! }));
}

/** One finding as packed: its references are read only for records at no position. */
type FindingRow = Omit<Finding, 'records'> & { readonly records?: readonly RecordRef[] };

function packRows(n: number, rowAt: (i: number) => FindingRow): PackedFindings | null {
  const codes = new CodeTable();
  const sessions = new CodeTable();
  const files = new CodeTable();
  const code = new Uint16Array(n);
  const severity = new Uint8Array(n);
  const session = new Int32Array(n);
  const refEnds = new Float64Array(n);
  const messages = new TextPacker();
  const refFile: number[] = [];
  const refLine: number[] = [];
  const refIds = new TextPacker();
  const refIdIsNumber: number[] = [];
  // Sized ahead: 830,000 references at a million records, pushed one by one and copied, were a tenth of the packing.
  let total = 0;
  for (let i = 0; i < n; i++) total += rowAt(i).recordIndex.length;
  const recordIndex = new Int32Array(total);
  let refs = 0;
  for (let i = 0; i < n; i++) {
    const f = rowAt(i);
    if ((f.records !== undefined && f.records.length !== f.recordIndex.length) || !SEVERITIES.includes(f.severity)) return null;
    code[i] = codes.of(f.code);
    severity[i] = SEVERITIES.indexOf(f.severity);
    session[i] = f.session === null ? -1 : sessions.of(f.session);
    messages.push(f.message);
    for (let k = 0; k < f.recordIndex.length; k++) {
      const at = f.recordIndex[k]!;
      const r = f.records?.[k];
      if (refs === 0 && r !== undefined && Object.keys(r).join() !== REF_KEYS) return null;
      recordIndex[refs++] = at;
      if (at >= 0) continue;
      if (r === undefined || Object.keys(r).join() !== REF_KEYS) return null;
      refFile.push(files.of(r.file));
      refLine.push(r.line);
      refIds.push(String(r.id));
      refIdIsNumber.push(typeof r.id === 'number' ? 1 : 0);
    }
    refEnds[i] = refs;
  }
  if (codes.size > 65535) return null;
  return {
    count: n,
    codes: codes.values(),
    code,
    severity,
    sessions: sessions.values(),
    session,
    messages: messages.finish(),
    refEnds,
    files: files.values(),
    refFile: Uint32Array.from(refFile),
    refLine: Float64Array.from(refLine),
    refIds: refIds.finish(),
    refIdIsNumber: Uint8Array.from(refIdIsNumber),
    recordIndex,
  };
}

/** The buffers of packed findings to transfer rather than copy. */
export function findingsBuffers(p: PackedFindings): ArrayBuffer[] {
  return [p.code, p.severity, p.session, p.messages.ends, p.refEnds, p.recordIndex, p.refFile, p.refLine, p.refIds.ends, p.refIdIsNumber].map((a) => a.buffer as ArrayBuffer);
}

/** Findings rebuilt per task: 118,984 findings at a million records were one task of 160–350 ms. */
const FINDINGS_PER_TASK = 16384;

/**
 * The findings again, their record references read from `records`
 * (Analysis.records) and `fileNames` (the inputs' names), with
 * `yieldBetween` awaited between chunks. Each finding's
 * lists are made at their length, of small integers: a list grown by push
 * keeps room for 17 elements, and one of numbers read from a typed array
 * holds 8-byte doubles, several megabytes over ten thousand findings.
 */
export async function unpackFindings(
  p: PackedFindings,
  records: readonly SeqRecord[],
  fileNames: readonly string[],
  yieldBetween: () => Promise<void>,
): Promise<Finding[]> {
  const out: Finding[] = new Array<Finding>(p.count);
  let ref = 0;
  let orphan = 0;
  for (let i = 0; i < p.count; i++) {
    if (i > 0 && i % FINDINGS_PER_TASK === 0) await yieldBetween();
    const count = p.refEnds[i]! - ref;
    const refs = new Array<RecordRef>(count);
    const recordIndex = new Array<number>(count);
    for (let k = 0; k < count; k++, ref++) {
      const at = p.recordIndex[ref]!;
      recordIndex[k] = at;
      if (at >= 0) {
        const r = records[at]!;
        refs[k] = { file: fileNames[r.fileIndex] ?? '', line: r.line, id: r.id };
        continue;
      }
      const id = textAt(p.refIds, orphan);
      refs[k] = { file: p.files[p.refFile[orphan]!]!, line: inlineNumber(p.refLine[orphan]!), id: p.refIdIsNumber[orphan] ? Number(id) : id };
      orphan++;
    }
    const s = p.session[i]!;
    out[i] = {
      code: p.codes[p.code[i]!]!,
      severity: SEVERITIES[p.severity[i]!]!,
      session: s < 0 ? null : p.sessions[s]!,
      message: textAt(p.messages, i),
      records: refs,
      recordIndex,
    };
  }
  return out;
}
