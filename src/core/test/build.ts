/**
 * Test helpers: plain objects → native JSON Lines → ParsedInput → analysis,
 * and small accessors on the spec's JSON document (section 5).
 */
import { expect } from 'vitest';
import { parseNative } from '../../io/parseNative';
import { analyze, type Analysis, type AnalysisOptions } from '../analyze';
import { toCheckDocument, type CheckDocument } from '../checkDocument';
import type { JsonObject, ParsedInput, SeqRecord } from '../model';
import { computeOrderingEvidence, type OrderingEvidence } from '../ordering';
import { SessionScan } from '../sessionScan';

export type Rec = Record<string, unknown>;
export type DocFinding = CheckDocument['findings'][number];
export type DocSession = CheckDocument['sessions'][number];

/** One JSON Lines file: record i is on line i + 1. */
export function toInput(records: readonly Rec[], name = 'log.jsonl', fileIndex = 0): ParsedInput {
  const text = records.map((r) => JSON.stringify(r)).join('\n') + '\n';
  const body = parseNative(text, name, fileIndex);
  return { name, bytes: text.length, sha256: '', text, ...body };
}

/**
 * An input whose records are made directly from parsed objects, without JSON
 * text: for values JSON.stringify cannot write (nested too deep) and for
 * million-record logs where writing and parsing text would dominate the test.
 */
export function directInput(datas: readonly JsonObject[], name = 'direct'): ParsedInput {
  const records: SeqRecord[] = datas.map((data, i) => ({
    fileIndex: 0,
    line: i + 1,
    offset: -1,
    length: 0,
    kind: typeof data.kind === 'string' ? data.kind : '',
    id: typeof data.id === 'string' ? data.id : `${name}:${i + 1}`,
    hasId: typeof data.id === 'string',
    session: typeof data.session === 'string' ? data.session : 'default',
    accepted: true,
    acceptSeq: typeof data.accept_seq === 'number' ? data.accept_seq : null,
    data,
  }));
  return { name, format: 'test', bytes: 0, sha256: '', lines: records.length, blank: 0, rejected: [], records, text: '', notes: [] };
}

export interface Checked {
  readonly analysis: Analysis;
  readonly doc: CheckDocument;
}

/** Analyse one file (an array of records) or several (an array of arrays, named f0.jsonl, f1.jsonl, …). */
export function check(files: readonly Rec[] | readonly (readonly Rec[])[], options: AnalysisOptions = {}): Checked {
  const many = files.length > 0 && Array.isArray(files[0]);
  const inputs = many
    ? (files as readonly (readonly Rec[])[]).map((recs, i) => toInput(recs, `f${i}.jsonl`, i))
    : [toInput(files as readonly Rec[])];
  const analysis = analyze(inputs, options);
  return { analysis, doc: toCheckDocument(analysis) };
}

export function findingsOf(doc: CheckDocument, code: string): DocFinding[] {
  return doc.findings.filter((f) => f.code === code);
}

/** The single finding with this code (fails the test when there is not exactly one). */
export function theFinding(doc: CheckDocument, code: string): DocFinding {
  const found = findingsOf(doc, code);
  expect(found.map((f) => f.code), `exactly one ${code}`).toEqual([code]);
  return found[0]!;
}

export function noFinding(doc: CheckDocument, code: string): void {
  expect(findingsOf(doc, code), `no ${code}`).toEqual([]);
}

/** Sorted line numbers a finding names. */
export function linesOf(f: DocFinding): number[] {
  return f.records.map((r) => r.line).sort((a, b) => a - b);
}

/** Code, severity, session and sorted lines: the shape most assertions compare. */
export function brief(f: DocFinding): { code: string; severity: string; session: string | null; lines: number[] } {
  return { code: f.code, severity: f.severity, session: f.session, lines: linesOf(f) };
}

export function sessionOf(doc: CheckDocument, name = 'default'): DocSession {
  const s = doc.sessions.find((x) => x.session === name);
  expect(s, `session ${name}`).toBeDefined();
  return s!;
}

/** Shorthands for inputs: `seq` undefined means the record carries no accept_seq. */
export function allow(id: string, seq?: number, extra: Rec = {}): Rec {
  return { kind: 'input', id, op: 'allow', ...(seq === undefined ? {} : { accept_seq: seq }), ...extra };
}

export function revoke(id: string, seq?: number, extra: Rec = {}): Rec {
  return { kind: 'input', id, op: 'revoke', ...(seq === undefined ? {} : { accept_seq: seq }), ...extra };
}

/** Adds consecutive accept_seq values 1, 2, 3 … in the given order. */
export function sequenced(records: readonly Rec[], first = 1): Rec[] {
  return records.map((r, i) => ({ ...r, accept_seq: first + i }));
}

/** One session's records (data objects, each with its accept_seq or none) scanned and ordered, as analyze does for each session. */
export function scannedSession(rows: readonly (readonly [JsonObject, number | undefined])[]): { scan: SessionScan; seqs: ReturnType<SessionScan['participantSeqs']>; ordering: OrderingEvidence } {
  const datas = rows.map(([data, s]) => (s === undefined ? data : { ...data, accept_seq: s }));
  const scan = new SessionScan();
  for (const r of directInput(datas).records) scan.add(r, r.kind);
  scan.done();
  const seqs = scan.participantSeqs();
  return { scan, seqs, ordering: computeOrderingEvidence(scan.participants, seqs) };
}
