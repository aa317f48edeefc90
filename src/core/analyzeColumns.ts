import type { AnalysisOptions } from './analyze';
import { columnsEvals } from './columnsEvals';
import { checkColumnsSessions, orderColumnsSessions, type ColumnsSession } from './columnsSessions';
import { buildCutoffIndex, futureLeaksBy, stateAtCutoff, type CutoffIndex } from './cutoff';
import type { EvalAnalysis } from './evals';
import { FindingSink, type FindingsAtPositions } from './findings';
import type { Finding, KeyState, SeqRecord } from './model';
import type { TableRows } from './tableRows';

export interface ColumnsSessionAnalysis extends ColumnsSession {
  readonly unaccepted: number;
  readonly cutoffIndex: CutoffIndex<number>;
  readonly cutoff: { readonly seq: number; readonly state: KeyState; readonly futureLeaks: readonly number[] } | null;
}

/** analyze()'s answer for record tables, every record a position among their rows (TableRows). */
export interface ColumnsAnalysis {
  readonly sessions: readonly ColumnsSessionAnalysis[];
  readonly evals: EvalAnalysis | null;
  /** The records the evals were made of (their rows are kept whole), each with its position. */
  readonly evalPositions: ReadonlyMap<SeqRecord, number>;
  /** Made when first read. */
  readonly findings: readonly Finding[];
  /** The same findings without their references (FindingSink.finishPositions), made when first read. */
  readonly findingPositions: FindingsAtPositions;
}

/**
 * analyzeColumns in two stages, as analyzeInStages: the sessions (ordering,
 * replays, cutoff) first, so they can be sent on while the checks and the
 * evals run; `finish` runs those and gives the whole analysis, once.
 */
export interface ColumnsAnalysisInStages {
  readonly sessions: readonly ColumnsSessionAnalysis[];
  finish(): ColumnsAnalysis;
}

/**
 * The whole engine over record tables: the sessions (ordering, replays,
 * cutoff), their checks, the evals and every finding, as analyze() makes
 * them of the same records (a property test holds the two together).
 * `fileNames`, `itemized`: each input's name and whether its records are
 * placed by item (ParsedInput), as findings name places.
 */
export function analyzeColumnsInStages(all: TableRows, fileNames: readonly string[], options: AnalysisOptions = {}, itemized: readonly boolean[] = []): ColumnsAnalysisInStages {
  const sink = new FindingSink<number>(fileNames, itemized, all);
  const stage = orderColumnsSessions(all, sink, options.session ?? null);
  const cutoff = options.cutoff ?? null;
  const sessions = stage.sessions.map((s): ColumnsSessionAnalysis => {
    let index: CutoffIndex<number> | null = null;
    const indexOf = () => (index ??= buildCutoffIndex(s.ordering, s.replays, s.seqs));
    return {
      ...s,
      unaccepted: s.rows.length - s.accepted,
      get cutoffIndex() {
        return indexOf();
      },
      cutoff: cutoff === null ? null : { seq: cutoff, state: stateAtCutoff(indexOf(), cutoff), futureLeaks: futureLeaksBy(indexOf(), cutoff, (p) => all.acceptSeq(p)) },
    };
  });
  let analysis: ColumnsAnalysis | null = null;
  return {
    sessions,
    // The findings are raised in the order analyze raises them (ordering, then the checks, then the evals), so they come out the same.
    finish: () => {
      if (analysis) return analysis;
      checkColumnsSessions(stage, all, sink);
      const { evals, positionOf } = columnsEvals(all, stage.evalRows, fileNames, sink);
      let findings: readonly Finding[] | null = null;
      let positions: FindingsAtPositions | null = null;
      return (analysis = {
        sessions,
        evals,
        evalPositions: positionOf,
        get findings() {
          return (findings ??= sink.finishAt((p) => p, all.count));
        },
        get findingPositions() {
          return (positions ??= sink.finishPositions((p) => p, all.count));
        },
      });
    },
  };
}

/** analyzeColumnsInStages in one go. */
export function analyzeColumns(all: TableRows, fileNames: readonly string[], options: AnalysisOptions = {}, itemized: readonly boolean[] = []): ColumnsAnalysis {
  return analyzeColumnsInStages(all, fileNames, options, itemized).finish();
}
