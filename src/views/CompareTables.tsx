import type { Analysis } from '../core/analyze';
import type { Comparison, DecisionDifference, DecisionSide, SessionComparison } from '../core/comparison';
import { comparesEvalsOnly } from '../core/comparisonVerdict';
import { BaseOtherTable, Cite, COMPARE_LIMIT } from './CompareCells';
import { clipForDisplay, countOf, formatCount, formatValue } from './format';
import { Marked } from './Marked';

/**
 * The comparison's counts in one line. Records are counted only when a run
 * has a session: two eval sweeps have no records aligned by accept_seq, and
 * "0 records the same · 0 changed" read as if nothing had been compared.
 */
export function comparisonCounts(result: Comparison): string {
  const c = result.counts;
  const parts: string[] = [];
  if (result.sessions.length > 0) {
    parts.push(
      `${formatCount(c.records.same)} records the same`,
      `${formatCount(c.records.changed)} changed`,
      `${formatCount(c.records.renumbered)} renumbered`,
      `${formatCount(c.records.onlyInBase + c.records.onlyInOther)} in one run only`,
      countOf(c.decisions, 'decision differs', 'decisions differ'),
    );
  }
  if (result.evals) {
    // A case run in one sweep only is no outcome that changed: counted apart, as the table's Change column says.
    parts.push(countOf(c.evals.changed, 'eval outcome changed', 'eval outcomes changed'));
    const alone = c.evals.onlyInBase + c.evals.onlyInOther;
    if (alone > 0) parts.push(countOf(alone, 'eval identity in one run only', 'eval identities in one run only'));
  }
  parts.push(countOf(c.findings.onlyInBase + c.findings.onlyInOther, 'finding in one run only', 'findings in one run only'));
  return parts.join(' · ');
}

/** Two eval sweeps have no acceptance order: their verdict speaks of their eval outcomes only. */
export function verdictOf(result: Comparison): string {
  if (comparesEvalsOnly(result)) return result.diverged ? "The runs' eval outcomes differ." : 'The runs agree: the same eval outcomes.';
  return result.diverged ? 'The runs diverge in acceptance terms.' : 'The runs agree in acceptance terms: same records under the same numbers, same decisions, same eval outcomes.';
}

function Decision({ side, base }: { side: DecisionSide | null; base: boolean }) {
  if (!side) return <span className="muted">never set</span>;
  return (
    <>
      {/* No setter: the key is undetermined in that run; the value is then the marker, not a string the log set. */}
      {side.setter === null ? (
        <strong className="value unknown">
          <span className="mono">unknown</span>
        </strong>
      ) : (
        <strong>
          <Marked text={clipForDisplay(formatValue(side.acceptance))} />
        </strong>
      )}{' '}
      <Cite record={side.setter} base={base} />
      <span className="muted">
        {' '}
        (file order: <Marked text={clipForDisplay(formatValue(side.storage))} />)
      </span>
    </>
  );
}

export function CompareDecisions({ decisions }: { decisions: readonly DecisionDifference[]; base: Analysis }) {
  if (decisions.length === 0) return <p className="muted">Every decision (acceptance replay, per session and key) is the same in both runs.</p>;
  return (
    <BaseOtherTable label="Decisions that differ" caption="Decisions that differ (acceptance replay)" first="Session" second="Key">
        {decisions.slice(0, COMPARE_LIMIT).map((d, k) => (
          <tr key={k}>
            <td className="mono">
              <Marked text={d.session} />
            </td>
            <th scope="row" className="mono">
              <Marked text={d.key} />
            </th>
            <td className="differs">
              <Decision side={d.base} base />
            </td>
            <td className="differs">
              <Decision side={d.other} base={false} />
            </td>
          </tr>
        ))}
    </BaseOtherTable>
  );
}

export function CompareRecords({ sessions }: { sessions: readonly SessionComparison[]; base: Analysis }) {
  const diverging = sessions.filter((s) => s.differences.length > 0);
  if (diverging.length === 0) return null;
  return (
    <details className="compare-records">
      <summary>Record differences in {countOf(diverging.length, 'session')}</summary>
      {diverging.map((s) => (
        <div key={s.session}>
          <h4>
            Session{' '}
            <span className="mono">
              <Marked text={s.session} />
            </span> {s.presence !== 'both' && <span className="muted">({s.presence === 'base-only' ? 'base run only' : 'other run only'})</span>}
          </h4>
          <ol>
            {s.differences.slice(0, COMPARE_LIMIT).map((d, k) => (
              <li key={k}>
                <span className="badge">{d.kind}</span> <Marked text={d.explanation} /> <Cite record={d.base} base />
              </li>
            ))}
          </ol>
          {s.differences.length > COMPARE_LIMIT && <p className="muted">…and {formatCount(s.differences.length - COMPARE_LIMIT)} more.</p>}
        </div>
      ))}
    </details>
  );
}
