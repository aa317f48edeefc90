import type { Finding, ParsedInput, SeqRecord, Severity } from './model';
import { placeLabel } from './place';
import { recordIndexer } from './recordIndex';

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

  /** The findings, in their fixed order, with their records' positions in `records` (Analysis.records). */
  finish(records: readonly SeqRecord[]): Finding[] {
    const indexOf = recordIndexer(records);
    // Made in the order raised, one pass over the pending list as it lies, and only then put in
    // order: made in sorted order, each pending finding is reached out of place (measured slower).
    const findings = this.pending.map((f) => ({
      code: f.code,
      severity: f.severity,
      session: f.session,
      message: f.message,
      records: f.records.map((r) => ({ file: this.fileNames[r.fileIndex] ?? '', line: r.line, id: r.id })),
      recordIndex: f.records.map((r) => indexOf(r) ?? -1),
    }));
    return Array.from(findingOrder(findings), (k) => findings[k]!);
  }
}

/**
 * Findings in a fixed order — severity, then session (eval findings, which
 * have none, last), then where their first record is stored, then code, then
 * the order they were raised — so the same inputs always list the same way.
 * Sessions and codes are ranked once, so the sort compares only numbers.
 */
function findingOrder(findings: readonly Finding[]): Int32Array {
  const severity = Int32Array.from(findings, (f) => SEVERITY_RANK[f.severity]);
  const session = ranks(findings.map((f) => f.session));
  const code = ranks(findings.map((f) => f.code));
  const first = Int32Array.from(findings, (f) => {
    let min = Infinity;
    for (const i of f.recordIndex) if (i < min) min = i;
    return min === Infinity ? -1 : min;
  });
  const order = Int32Array.from(findings, (_, k) => k);
  return order.sort((a, b) => severity[a]! - severity[b]! || session[a]! - session[b]! || first[a]! - first[b]! || code[a]! - code[b]! || a - b);
}

/** Each value's place among the distinct values in text order, null after them all. */
function ranks(values: readonly (string | null)[]): Int32Array {
  const distinct = [...new Set(values)].filter((v): v is string => v !== null).sort();
  const rankOf = new Map(distinct.map((v, i) => [v, i]));
  return Int32Array.from(values, (v) => (v === null ? distinct.length : rankOf.get(v)!));
}
