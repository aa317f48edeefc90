import { asId } from './fields';
import type { FindingSink } from './findings';
import type { JsonValue } from './model';
import { computeOrderingEvidence, type OrderingEvidence } from './ordering';
import { acceptSeqCarriersBy, reportOrderingFindings } from './orderingFindings';
import { ABSENT, ACCEPTED, FIELD_SLOTS, HAS_ID, KIND_FIELDS, type RecordColumns } from './recordColumns';
import { computeReplays, SharedInputEffects, type InputEffect, type Replays } from './replay';
import { runSessionChecks, type CheckedParticipants } from './sessionChecks';
import { checkedInAnalysisOrder, checkOfKind, NO_CHECK } from './sessionScan';
import { columnsFields } from './recordFields';
import type { TableRows } from './tableRows';

/**
 * The first stage of the analysis (analyzeInStages: each session's ordering
 * evidence and replays, and the findings about ids, acceptance numbers and
 * the replays, raised into `sink` as analyze raises them) read from record
 * tables instead of record objects.
 * A record is its position among every row of the inputs, in storage order
 * (input by input, row by row), as analyze numbers records; the tests hold
 * every session to what the object engine makes of the same log.
 */
export interface ColumnsSession {
  readonly session: string;
  /** The session's non-eval rows in storage order. */
  readonly rows: readonly number[];
  readonly accepted: number;
  readonly withoutId: readonly number[];
  readonly unacceptedInputs: readonly number[];
  readonly ordering: OrderingEvidence<number>;
  readonly replays: Replays<number>;
  /** Its participants as the session checks read them. */
  readonly checked: CheckedParticipants<number>;
  /** Each participant's accept_seq, NaN where it has none. */
  readonly seqs: Float64Array;
}

export interface ColumnsStageOne {
  /** By session name. */
  readonly sessions: readonly ColumnsSession[];
  /** Eval rows in storage order. */
  readonly evalRows: readonly number[];
}

const INPUT_FIELDS = KIND_FIELDS.get('input')!;
const OP = INPUT_FIELDS.indexOf('op');
const KEY = INPUT_FIELDS.indexOf('key');
const VALUE = INPUT_FIELDS.indexOf('value');
const EFFECTS = INPUT_FIELDS.indexOf('effects');

/** Codes of a kind, beside the checks of SessionScan (0 and up). */
const TAKES_NO_PART = -1;
const EVAL = -2;
const NOT_YET = -3;

/**
 * `only`: analyse that session alone (evals are always listed). Two walks, as
 * analyze makes: the first finds each row's session and counts each session's
 * rows, so the second fills lists made at their size.
 */
export function orderColumnsSessions(all: TableRows, sink: FindingSink<number>, only: string | null = null): ColumnsStageOne {
  const { tables } = all;
  const total = all.count;
  const sessionOfRow = new Int32Array(total);
  const names: string[] = [];
  const byName = new Map<string, number>();
  const rowCounts: number[] = [];
  const participantCounts: number[] = [];
  const evalRows: number[] = [];
  const codes = tables.map((table) => new Int8Array(table.values.length).fill(NOT_YET));
  let first = 0;
  for (const [t, table] of tables.entries()) {
    const { values } = table;
    const code = codes[t]!;
    // Per distinct value of this table: the session it names (-2 not yet known, -1 not analysed).
    const sessionOfValue = new Int32Array(values.length).fill(-2);
    for (let row = 0; row < table.count; row++) {
      const kindAt = table.kind[row]!;
      if (code[kindAt] === NOT_YET) code[kindAt] = values[kindAt] === 'eval' ? EVAL : (checkOfKind(values[kindAt] as string) ?? TAKES_NO_PART);
      const position = first + row;
      if (code[kindAt] === EVAL) {
        sessionOfRow[position] = -1;
        evalRows.push(position);
        if ((table.flags[row]! & HAS_ID) === 0 && asId(table.whole.get(row)?.case_id) === undefined) {
          sink.add('missing-id', null, `Eval ${sink.label(position)} has neither id nor case_id; it is counted as its own case under its position, ${String(all.id(position))}.`, [position]);
        }
        continue;
      }
      const sessionAt = table.session[row]!;
      let s = sessionOfValue[sessionAt]!;
      if (s === -2) {
        const name = values[sessionAt] as string;
        if (only !== null && name !== only) s = -1;
        else {
          s = byName.get(name) ?? -1;
          if (s < 0) {
            s = names.push(name) - 1;
            byName.set(name, s);
            rowCounts.push(0);
            participantCounts.push(0);
          }
        }
        sessionOfValue[sessionAt] = s;
      }
      sessionOfRow[position] = s;
      if (s < 0) continue;
      rowCounts[s]!++;
      if ((table.flags[row]! & ACCEPTED) !== 0 && code[kindAt]! >= 0) participantCounts[s]!++;
    }
    first += table.count;
  }
  const scans = names.map((_, s) => new SessionRows(rowCounts[s]!, participantCounts[s]!));
  const effects = new SharedInputEffects();
  first = 0;
  for (const [t, table] of tables.entries()) {
    const { values, fields } = table;
    const code = codes[t]!;
    for (let row = 0; row < table.count; row++) {
      const position = first + row;
      const s = sessionOfRow[position]!;
      if (s < 0) continue;
      const scan = scans[s]!;
      scan.rows[scan.rowCount++] = position;
      const flags = table.flags[row]!;
      if ((flags & HAS_ID) === 0) scan.withoutId.push(position);
      const kindAt = table.kind[row]!;
      const isInput = values[kindAt] === 'input';
      if ((flags & ACCEPTED) === 0) {
        if (isInput) scan.unacceptedInputs.push(position);
        continue;
      }
      scan.accepted++;
      if (code[kindAt]! < 0) continue;
      const at = scan.participantCount++;
      scan.participants[at] = position;
      scan.checks[at] = code[kindAt]!;
      if (code[kindAt] !== NO_CHECK) scan.checkedCount++;
      const seq = table.acceptSeq[row]!;
      scan.seqs[at] = seq < 0 ? NaN : seq;
      if (isInput) {
        const base = row * FIELD_SLOTS;
        scan.effects[at] = effects.ofFields(valueAt(table, fields[base + OP]!), valueAt(table, fields[base + KEY]!), valueAt(table, fields[base + VALUE]!), valueAt(table, fields[base + EFFECTS]!));
      } else scan.effects[at] = null;
    }
    first += table.count;
  }
  const sessions = names
    .map((name, s) => [name, s] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, s]) => scans[s]!.ordered(name, all, sink));
  return { sessions, evalRows };
}

/** One session's lists, made at their size. */
class SessionRows implements CheckedParticipants<number> {
  readonly rows: number[];
  rowCount = 0;
  readonly withoutId: number[] = [];
  readonly unacceptedInputs: number[] = [];
  readonly participants: number[];
  participantCount = 0;
  readonly seqs: Float64Array;
  readonly checks: Uint8Array;
  checkedCount = 0;
  readonly effects: (readonly InputEffect[] | null)[];
  accepted = 0;

  constructor(rows: number, participants: number) {
    this.rows = new Array<number>(rows);
    this.participants = new Array<number>(participants);
    this.seqs = new Float64Array(participants);
    this.checks = new Uint8Array(participants);
    this.effects = new Array<readonly InputEffect[] | null>(participants);
  }

  ordered(session: string, all: TableRows, sink: FindingSink<number>): ColumnsSession {
    for (const p of this.withoutId) {
      sink.add('missing-id', session, `The ${all.kind(p) || 'untyped'} record at ${sink.where(p)} has no id; it is shown as ${String(all.id(p))} and nothing can refer to it.`, [p]);
    }
    const ordering = computeOrderingEvidence(this.participants, this.seqs);
    const replays = computeReplays(ordering, this.effects, this.seqs);
    reportOrderingFindings(session, () => acceptSeqCarriersBy(this.rows, (p) => all.acceptSeq(p), (p) => all.accepted(p)), ordering, replays, sink, this.unacceptedInputs);
    return { session, rows: this.rows, accepted: this.accepted, withoutId: this.withoutId, unacceptedInputs: this.unacceptedInputs, ordering, replays, checked: this, seqs: this.seqs };
  }

  checkOf(i: number): number {
    return this.checks[i]!;
  }

  positionOf(i: number): number {
    return this.participants[i]!;
  }

  checkedInAnalysisOrder(ordering: OrderingEvidence<number>): Int32Array {
    return checkedInAnalysisOrder(this.checks, this.participantCount, this.checkedCount, ordering);
  }
}

function valueAt(table: RecordColumns, at: number): JsonValue | undefined {
  return at === ABSENT ? undefined : table.values[at];
}

/** The writer, reference and task command checks of every session of the first stage (runSessionChecks), their findings raised into `sink`. */
export function checkColumnsSessions(stage: ColumnsStageOne, all: TableRows, sink: FindingSink<number>): void {
  runSessionChecks(
    stage.sessions.map((s) => ({ name: s.session, scan: s.checked, ordering: s.ordering })),
    all.count,
    sink,
    columnsFields(all),
  );
}
