import type { Finding, ParsedInput, SeqRecord, Severity } from './model';
import { placeLabel } from './place';
import { RecordPositions } from './recordPositions';

export const SEVERITY_OF: Readonly<Record<string, Severity>> = {
  'duplicate-accept-seq': 'error',
  'decision-flip': 'error',
  'lost-update': 'error',
  'reported-success-on-failure': 'error',
  'stale-reference': 'error',
  'stale-revision': 'error',
  'idempotency-conflict': 'error',
  'eval-conflict': 'error',
  'missing-id': 'warning',
  'missing-accept-seq': 'warning',
  'undetermined-decision': 'warning',
  'unconditional-write': 'warning',
  'retry-after-conflict': 'warning',
  'clear-committed-but-reported-failed': 'warning',
  'dangling-reference': 'warning',
  'eval-weak-identity': 'warning',
  'no-acceptance-order': 'info',
  'storage-order-inversion': 'info',
  'unaccepted-input': 'info',
  'idempotent-replay': 'info',
  'eval-replay': 'info',
  'eval-annotation-variance': 'info',
};

export type FindingCode = keyof typeof SEVERITY_OF;

export const SEVERITY_RANK: Readonly<Record<Severity, number>> = { error: 0, warning: 1, info: 2 };

/**
 * Collects findings for one analysis. Checks describe records with `label`,
 * which names the file only when more than one input is loaded.
 */
export class FindingSink {
  private readonly pending: { code: string; severity: Severity; session: string | null; message: string; records: readonly SeqRecord[] }[] = [];
  private readonly fileNames: readonly string[];
  private readonly places: readonly Pick<ParsedInput, 'name' | 'itemized'>[];

  /** `itemized[i]`: input i's records are placed by item, not line (ParsedInput.itemized). */
  constructor(fileNames: readonly string[], itemized: readonly boolean[] = []) {
    this.fileNames = fileNames;
    this.places = fileNames.map((name, i) => ({ name, itemized: itemized[i] === true }));
  }

  where(record: SeqRecord): string {
    return placeLabel(this.places, record.fileIndex, record.line);
  }

  label(record: SeqRecord): string {
    // A synthetic id already is file:line; repeating it would read as noise.
    return record.hasId ? `${String(record.id)} (${this.where(record)})` : this.where(record);
  }

  labels(records: readonly SeqRecord[]): string {
    const shown = records.slice(0, 6).map((r) => this.label(r));
    const more = records.length > shown.length ? ` and ${records.length - shown.length} more` : '';
    return shown.join(', ') + more;
  }

  add(code: FindingCode, session: string | null, message: string, records: readonly SeqRecord[]): void {
    const severity = SEVERITY_OF[code];
    if (!severity) throw new Error(`unknown finding code ${code}`);
    this.pending.push({ code, severity, session, message, records });
  }

  /** The findings, in their fixed order, with their records' positions in `Analysis.records`. */
  finish(inputs: readonly ParsedInput[]): Finding[] {
    const positions = new RecordPositions(inputs);
    return sortFindings(
      this.pending.map((f) => ({
        code: f.code,
        severity: f.severity,
        session: f.session,
        message: f.message,
        records: f.records.map((r) => ({ file: this.fileNames[r.fileIndex] ?? '', line: r.line, id: r.id })),
        recordIndex: f.records.map((r) => positions.of(r)),
      })),
    );
  }
}

/**
 * Findings in a fixed order — severity, then session, then where their first
 * record is stored, then code — so the same inputs always list the same way.
 */
export function sortFindings(findings: readonly Finding[]): Finding[] {
  const firstPos = (f: Finding) => {
    let min = Infinity;
    for (const i of f.recordIndex) if (i < min) min = i;
    return min === Infinity ? -1 : min;
  };
  return findings
    .map((f, i) => ({ f, i, pos: firstPos(f) }))
    .sort(
      (a, b) =>
        SEVERITY_RANK[a.f.severity] - SEVERITY_RANK[b.f.severity] ||
        compareSession(a.f.session, b.f.session) ||
        a.pos - b.pos ||
        (a.f.code < b.f.code ? -1 : a.f.code > b.f.code ? 1 : 0) ||
        a.i - b.i,
    )
    .map((x) => x.f);
}

function compareSession(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}
