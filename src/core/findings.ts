import type { Finding, ParsedInput, RecordRef, SeqRecord, Severity } from './model';
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
    const shown = Math.min(records.length, 6);
    let text = '';
    for (let i = 0; i < shown; i++) text += i > 0 ? `, ${this.label(records[i]!)}` : this.label(records[i]!);
    return records.length > shown ? `${text} and ${records.length - shown} more` : text;
  }

  add(code: FindingCode, session: string | null, message: string, records: readonly SeqRecord[]): void {
    const severity = SEVERITY_OF[code];
    if (!severity) throw new Error(`unknown finding code ${code}`);
    this.pending.push({ code, severity, session, message, records });
  }

  /** The findings, in their fixed order, with their records' positions in `records` (Analysis.records). */
  finish(records: readonly SeqRecord[]): Finding[] {
    const indexOf = recordIndexer(records);
    const pending = this.pending;
    // Made in the order raised, one pass over the pending list as it lies, and only then put in
    // order: made in sorted order, each pending finding is reached out of place (measured slower).
    // Each finding's records are read once, for its references, its positions and where its first record is stored.
    const findings: Finding[] = [];
    const first = new Int32Array(pending.length);
    for (let k = 0; k < pending.length; k++) {
      const f = pending[k]!;
      // Lists made at their size: grown by push, each would take room for 17.
      const refs = new Array<RecordRef>(f.records.length);
      const recordIndex = new Array<number>(f.records.length);
      let min = Infinity;
      for (let j = 0; j < refs.length; j++) {
        const r = f.records[j]!;
        const i = indexOf(r) ?? -1;
        refs[j] = { file: this.fileNames[r.fileIndex] ?? '', line: r.line, id: r.id };
        recordIndex[j] = i;
        if (i < min) min = i;
      }
      first[k] = min === Infinity ? -1 : min;
      findings.push({ code: f.code, severity: f.severity, session: f.session, message: f.message, records: refs, recordIndex });
    }
    return Array.from(findingOrder(findings, first), (k) => findings[k]!);
  }
}

/**
 * Findings in a fixed order — severity, then session (eval findings, which
 * have none, last), then where their first record is stored (`first`, -1
 * for none), then code, then the order they were raised — so the same
 * inputs always list the same way. Severity and session are ranked once
 * into one number, and codes ranked, so the sort compares only numbers.
 */
function findingOrder(findings: readonly Finding[], first: Int32Array): Int32Array {
  const session = ranks(findings.map((f) => f.session));
  const sessions = session.reduce((most, rank) => Math.max(most, rank + 1), 0);
  const severityThenSession = Int32Array.from(findings, (f, k) => SEVERITY_RANK[f.severity] * sessions + session[k]!);
  const code = ranks(findings.map((f) => f.code));
  const order = Int32Array.from(findings, (_, k) => k);
  return order.sort((a, b) => severityThenSession[a]! - severityThenSession[b]! || first[a]! - first[b]! || code[a]! - code[b]! || a - b);
}

/** Each value's place among the distinct values in text order, null after them all. */
function ranks(values: readonly (string | null)[]): Int32Array {
  const distinct = [...new Set(values)].filter((v): v is string => v !== null).sort();
  const rankOf = new Map(distinct.map((v, i) => [v, i]));
  return Int32Array.from(values, (v) => (v === null ? distinct.length : rankOf.get(v)!));
}
