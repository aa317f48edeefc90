import type { Analysis } from './analyze';
import { documentJson } from './documentJson';
import type { EvalSummary } from './evals';
import type { KeyState, RecordRef, RejectedLine, Severity } from './model';

/** The JSON document of `seqscope check --json` (spec section 5), version 1. */
export interface CheckDocument {
  readonly version: 1;
  readonly inputs: readonly {
    file: string;
    format: string;
    bytes: number;
    sha256: string;
    lines: number;
    records: number;
    blank: number;
    rejected: readonly RejectedLine[];
    /**
     * What the reader noted about the input (a gzip cut short, invalid UTF-8,
     * a format without an acceptance order, …): not in spec section 5's
     * shape, added so a script can see what the text report says.
     */
    notes: readonly { line: number | null; message: string }[];
  }[];
  readonly sessions: readonly {
    session: string;
    records: number;
    accepted: number;
    unaccepted: number;
    inversions: number;
    replay: { storage: KeyState; acceptance: KeyState };
    cutoff: null | { seq: number; state: KeyState; future_leaks: (string | number)[] };
  }[];
  readonly evals: EvalSummary | null;
  readonly findings: readonly {
    code: string;
    severity: Severity;
    session: string | null;
    message: string;
    records: readonly RecordRef[];
  }[];
}

export function toCheckDocument(analysis: Analysis): CheckDocument {
  return {
    version: 1,
    inputs: analysis.inputs.map((i) => ({
      file: i.name,
      format: i.format,
      bytes: i.bytes,
      sha256: i.sha256,
      lines: i.lines,
      records: i.records.length,
      blank: i.blank,
      rejected: i.rejected,
      notes: i.notes.map((n) => ({ line: n.line, message: n.message })),
    })),
    sessions: analysis.sessions.map((s) => ({
      session: s.session,
      records: s.records.length,
      accepted: s.accepted,
      unaccepted: s.unaccepted,
      inversions: s.ordering.inversions,
      replay: { storage: s.replays.storage, acceptance: s.replays.acceptance },
      cutoff: s.cutoff
        ? { seq: s.cutoff.seq, state: s.cutoff.state, future_leaks: s.cutoff.futureLeaks.map((r) => r.id) }
        : null,
    })),
    evals: analysis.evals ? analysis.evals.summary : null,
    findings: analysis.findings.map((f) => ({
      code: f.code,
      severity: f.severity,
      session: f.session,
      message: f.message,
      records: f.records,
    })),
  };
}

/** The document as `seqscope check --json` prints it; only state values can hold a number beyond 2^53 − 1 (documentJson.ts). */
export function checkDocumentJson(doc: CheckDocument): string {
  return `${documentJson(doc, doc.sessions.flatMap((s) => [s.replay.storage, s.replay.acceptance, s.cutoff?.state]))}\n`;
}

export function exitStatusOf(analysis: Analysis): 0 | 1 {
  return analysis.findings.some((f) => f.severity === 'error') ? 1 : 0;
}
