import { Fragment, type ReactNode } from 'react';
import type { Analysis } from '../core/analyze';
import { comparedPassRate } from '../core/comparisonReport';
import type { ComparedRecord, Comparison, DecisionDifference, DecisionSide, EvalComparison, EvalSide, FindingDifferences, SessionComparison, UnmatchedFinding } from '../core/comparison';
import type { JsonValue } from '../core/model';
import { useStore } from '../state/store';
import { clipForDisplay, countOf, formatCount, formatValue, placesAndMore } from './format';
import { Marked, marked } from './Marked';
import { PlaceText } from './PlaceText';
import { revealRecordPanel } from './revealRecordPanel';

const LIMIT = 100;

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
  if (result.evals) parts.push(countOf(c.evals.changed + c.evals.onlyInBase + c.evals.onlyInOther, 'eval outcome differs', 'eval outcomes differ'));
  parts.push(countOf(c.findings.onlyInBase + c.findings.onlyInOther, 'finding in one run only', 'findings in one run only'));
  return parts.join(' · ');
}

/** Two columns naming what differs, then the base run's side and the other run's. */
function BaseOtherTable({ label, caption, first, second, children }: { label: string; caption: string; first: string; second: string; children: ReactNode }) {
  return (
    <table className="grid compare-table" aria-label={label}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{first}</th>
          <th scope="col">{second}</th>
          <th scope="col">Base run</th>
          <th scope="col">Other run</th>
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/** A record of the base run as a button that selects it; a record of the other run as its place. */
function Cite({ record, base }: { record: ComparedRecord | null; base: boolean }) {
  const selectRecord = useStore((s) => s.selectRecord);
  if (!record) return null;
  const text = <PlaceText place={`${record.file}:${record.line}`} />;
  if (!base) return <span className="mono muted">{text}</span>;
  return (
    <button type="button" className="link-button mono" onClick={() => {
        selectRecord(record.index);
        revealRecordPanel();
      }}>
      {text}
    </button>
  );
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
        {decisions.slice(0, LIMIT).map((d, k) => (
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
            {evals.differences.slice(0, LIMIT).map((d, k) => (
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
      {evals.differences.length > LIMIT && <p className="muted">…and {formatCount(evals.differences.length - LIMIT)} more.</p>}
    </>
  );
}

function FindingRow({ f, base }: { f: UnmatchedFinding; base: boolean }) {
  const selectFinding = useStore((s) => s.selectFinding);
  const where = marked(placesAndMore(f.records, (r) => `${r.file}:${r.line}`));
  return (
    <li>
      {base ? (
        <button type="button" className="link-button" onClick={() => selectFinding(f.index, f.recordIndex.filter((i) => i >= 0), f.recordIndex[0] ?? null)}>
          <code>{f.code}</code>
        </button>
      ) : (
        <code>{f.code}</code>
      )}{' '}
      <span className={`badge sev-${f.severity}`}>{f.severity}</span> <Marked text={f.message} /> <span className="muted mono">{where}</span>
    </li>
  );
}

export function CompareFindings({ findings }: { findings: FindingDifferences }) {
  if (findings.onlyInBase.length + findings.onlyInOther.length === 0) {
    const same = findings.common === 0 ? 'Neither run has a finding.' : findings.common === 1 ? 'Both runs have the same finding.' : `Both runs have the same ${formatCount(findings.common)} findings.`;
    return <p className="muted">{same}</p>;
  }
  return (
    <div className="side-by-side compare-findings">
      {(['base', 'other'] as const).map((side) => {
        const list = side === 'base' ? findings.onlyInBase : findings.onlyInOther;
        return (
          <div key={side} className="side">
            <h4>Findings only in the {side} run ({formatCount(list.length)})</h4>
            {list.length === 0 && <p className="muted">none</p>}
            <ul aria-label={`Findings only in the ${side} run`}>
              {list.slice(0, LIMIT).map((f) => (
                <FindingRow key={f.index} f={f} base={side === 'base'} />
              ))}
            </ul>
          </div>
        );
      })}
    </div>
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
            {s.differences.slice(0, LIMIT).map((d, k) => (
              <li key={k}>
                <span className="badge">{d.kind}</span> <Marked text={d.explanation} /> <Cite record={d.base} base />
              </li>
            ))}
          </ol>
          {s.differences.length > LIMIT && <p className="muted">…and {formatCount(s.differences.length - LIMIT)} more.</p>}
        </div>
      ))}
    </details>
  );
}
