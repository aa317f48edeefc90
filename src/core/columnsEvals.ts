import { analyzeEvals, type EvalAnalysis } from './evals';
import { MappedFindings, type FindingSink } from './findings';
import type { SeqRecord } from './model';
import { recordOfRow } from './recordColumns';
import type { TableRows } from './tableRows';

/** The eval summary of record tables, from their eval rows' positions, and the records it was made from with each one's position. */
export interface ColumnsEvals {
  readonly evals: EvalAnalysis | null;
  readonly positionOf: ReadonlyMap<SeqRecord, number>;
}

/**
 * The evals of record tables (spec 3.7), their findings raised into `sink`
 * about positions. Eval rows keep their data whole (an eval is compared
 * whole), so each is made a record as the object readers make it, and the
 * engine's own eval analysis reads those: a log of evals gains nothing from
 * the tables yet.
 */
export function columnsEvals(all: TableRows, evalRows: readonly number[], fileNames: readonly string[], sink: FindingSink<number>): ColumnsEvals {
  const positionOf = new Map<SeqRecord, number>();
  const records = evalRows.map((p) => {
    const t = all.tableOf(p);
    const r = recordOfRow(all.tables[t]!, all.rowOf(p, t), fileNames[t] ?? '');
    positionOf.set(r, p);
    return r;
  });
  const evals = analyzeEvals(records, new MappedFindings(sink, (r: SeqRecord) => positionOf.get(r)!));
  return { evals, positionOf };
}
