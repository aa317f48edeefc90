import { Fragment } from 'react';
import type { Analysis } from '../core/analyze';
import { comparedPassRate } from '../core/comparisonReport';
import type { EvalComparison, EvalSide } from '../core/comparison';
import type { JsonValue } from '../core/model';
import { BaseOtherTable, Cite, COMPARE_LIMIT } from './CompareCells';
import { countOf, formatCount, formatValue } from './format';
import { Marked } from './Marked';

function Scores({ scores }: { scores: readonly JsonValue[] }) {
  const shown = scores.filter((s) => s !== null).map((s) => formatValue(s));
  if (shown.length === 0) return null;
  return (
    <span className="muted">
      {' '}
      score <Marked text={shown.join(', ')} />
    </span>
  );
}

/** A disputed side names each status with its own score: "disputed (pass vs fail) score 0, 1" read as a pass that scored 0. */
function Outcome({ side, base }: { side: EvalSide | null; base: boolean }) {
  if (!side) return <span className="muted">absent</span>;
  return (
    <>
      {side.disputed ? (
        <>
          <span className="status st-disputed">disputed</span> (
          {side.outcomes.map((o, k) => (
            <Fragment key={k}>
              {k > 0 && ' vs '}
              <span className={`status st-${o.status}`}>{o.status}</span>
              <Scores scores={[o.score]} />
            </Fragment>
          ))}
          )
        </>
      ) : (
        <>
          <span className={`status st-${side.status}`}>{side.status}</span>
          <Scores scores={side.scores} />
        </>
      )}{' '}
      <Cite record={side.records[0] ?? null} base={base} />
    </>
  );
}

export function CompareEvals({ evals }: { evals: EvalComparison; base: Analysis }) {
  return (
    <>
      <p className="muted">
        Eval pass rate: base run {comparedPassRate(evals.base)}; other run {comparedPassRate(evals.other)} · {countOf(evals.counts.same, 'identity', 'identities')} with the same outcome.
      </p>
      {evals.differences.length > 0 && (
        <BaseOtherTable label="Eval outcomes that differ" caption="Eval outcomes that differ" first="Identity" second="Change">
            {evals.differences.slice(0, COMPARE_LIMIT).map((d, k) => (
              <tr key={k}>
                <th scope="row" className="mono">
                  <Marked text={d.label} />
                  {d.alignedBy === 'case' && (
                    <>
                      {' '}
                      <span className="field-tag">matched by case_id</span>
                    </>
                  )}
                </th>
                <td>{d.change}</td>
                <td>
                  <Outcome side={d.base} base />
                </td>
                <td>
                  <Outcome side={d.other} base={false} />
                </td>
              </tr>
            ))}
        </BaseOtherTable>
      )}
      {evals.differences.length > COMPARE_LIMIT && <p className="muted">…and {formatCount(evals.differences.length - COMPARE_LIMIT)} more.</p>}
    </>
  );
}
