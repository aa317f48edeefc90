import { analyzeInStages, type Analysis, type AnalysisInStages } from '../core/analyze';
import { analyzeColumnsInStages, type ColumnsAnalysisInStages } from '../core/analyzeColumns';
import type { ParsedInput } from '../core/model';
import type { RecordColumns } from '../core/recordColumns';
import { TableRows } from '../core/tableRows';
import { columnsOfRecords } from '../io/columnsBuilder';
import { packAnalysis, packSessionsAhead, type PackedAnalysis, type SessionsAhead } from './packAnalysis';
import { packColumnsAnalysis, packColumnsSessions } from './packColumnsAnalysis';
import type { RecordsElsewhere } from './pageRecords';

/** A packed answer and the buffers that go with it and with each of its session parts. */
export interface PackedAnswer {
  readonly packed: PackedAnalysis;
  readonly transfer: ArrayBuffer[];
  readonly sessionParts: unknown[];
  readonly partTransfers: ArrayBuffer[][];
}

/**
 * One request's analysis in the steps the worker sends it in: the sessions
 * ahead of the checks (when the page has every input's records), then the
 * checks, then the packing. Made of record objects or of record tables; the
 * page rebuilds the same analysis from either (packColumnsAnalysis.test.ts).
 */
export interface AnswerInStages {
  /** Records in all. */
  readonly records: number;
  /** The sessions packed to go ahead, or null when they cross with the rest. */
  ahead(): SessionsAhead | null;
  /** Runs the checks and the evals. */
  finish(): void;
  /**
   * The answer packed; `sentAhead` parts of sessions went ahead. Null when
   * the analysis must cross as a structured clone instead (`unpacked`).
   */
  pack(sentAhead: number): PackedAnswer | null;
  /** The analysis as objects, for a structured clone; only the object path has one. */
  unpacked(): Analysis;
}

/**
 * The answer of the path the inputs call for: the tables' when any input's
 * records were read into a table (the others made tables too, a small file
 * or rollout in a few milliseconds), else the objects'.
 */
export function answerInStages(
  inputs: readonly ParsedInput[],
  columns: ReadonlyMap<ParsedInput, RecordColumns>,
  elsewhere: ReadonlyMap<ParsedInput, RecordsElsewhere>,
): AnswerInStages {
  return columns.size > 0 ? answerOfTables(inputs, columns, elsewhere) : answerOfObjects(inputs, elsewhere);
}

// Each path begins its analysis at its first step, not when made: the page is told it is analysing first.

function answerOfObjects(inputs: readonly ParsedInput[], elsewhere: ReadonlyMap<ParsedInput, RecordsElsewhere>): AnswerInStages {
  let made: AnalysisInStages | null = null;
  const stages = () => (made ??= analyzeInStages(inputs));
  return {
    records: inputs.reduce((n, input) => n + input.records.length, 0),
    ahead: () => orNull(() => packSessionsAhead(stages(), elsewhere)),
    finish: () => void stages().finish(),
    pack: (sentAhead) => orNull(() => packAnalysis(stages().finish(), elsewhere, sentAhead)),
    unpacked: () => stages().finish(),
  };
}

function answerOfTables(
  inputs: readonly ParsedInput[],
  columns: ReadonlyMap<ParsedInput, RecordColumns>,
  elsewhere: ReadonlyMap<ParsedInput, RecordsElsewhere>,
): AnswerInStages {
  const names = inputs.map((input) => input.name);
  const counts = inputs.map((input) => columns.get(input)?.count ?? input.records.length);
  const recordsFrom = inputs.map((input) => elsewhere.get(input) ?? null);
  let made: ColumnsAnalysisInStages | null = null;
  const stages = () =>
    (made ??= analyzeColumnsInStages(
      new TableRows(
        inputs.map((input, j) => columns.get(input) ?? columnsOfRecords(input.records, j)),
        names,
      ),
      names,
      {},
      inputs.map((input) => input.itemized === true),
    ));
  return {
    records: counts.reduce((n, c) => n + c, 0),
    ahead: () => {
      const { sessions } = stages();
      if (sessions.length === 0 || recordsFrom.some((from) => from === null)) return null;
      const { parts, transfers } = packColumnsSessions(sessions);
      return { header: { recordsFrom: recordsFrom as RecordsElsewhere[], inputCounts: counts, parts: parts.length }, parts, transfers };
    },
    finish: () => void stages().finish(),
    pack: (sentAhead) => packColumnsAnalysis(stages().finish(), inputs, counts, elsewhere, sentAhead),
    unpacked: () => {
      throw new Error('an analysis of record tables crosses packed only');
    },
  };
}

function orNull<T>(make: () => T): T | null {
  try {
    return make();
  } catch {
    return null;
  }
}
