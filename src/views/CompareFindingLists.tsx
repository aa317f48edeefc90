import type { FindingDifferences, UnmatchedFinding } from '../core/comparison';
import { useStore } from '../state/store';
import { COMPARE_LIMIT } from './CompareCells';
import { formatCount, placesAndMore } from './format';
import { Marked, marked } from './Marked';

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
              {list.slice(0, COMPARE_LIMIT).map((f) => (
                <FindingRow key={f.index} f={f} base={side === 'base'} />
              ))}
            </ul>
          </div>
        );
      })}
    </div>
  );
}
