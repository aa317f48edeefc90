import { memo, useEffect, useId, useRef, useState } from 'react';
import type { Finding, SeqRecord } from '../core/model';
import { focusOfFinding } from '../state/links';
import { codeCountsOf, findingGroupsOf, findingIsAfterCutoff } from '../state/selectors';
import { useStore } from '../state/store';
import { FindingNote } from './FindingNote';
import { Marked } from './Marked';

const SEVERITY_TITLE = { error: 'Errors', warning: 'Warnings', info: 'Info' } as const;
const PAGE = 200;

/** Findings by severity, filterable by code; choosing one selects its records in every view. */
export function FindingsList() {
  const analysis = useStore((s) => s.analysis);
  const code = useStore((s) => s.codeFilter);
  const setCodeFilter = useStore((s) => s.setCodeFilter);
  const session = useStore((s) => s.session);
  const n = useStore((s) => s.cutoff);
  const selected = useStore((s) => s.selection.finding);
  const filterId = useId();
  const [shown, setShown] = useState<Record<string, number>>({});
  if (!analysis) return null;
  const findings = analysis.findings;
  const groups = findingGroupsOf(findings, code);
  const counts = codeCountsOf(findings);
  const multiFile = analysis.inputs.length > 1;
  return (
    <section className="panel findings" aria-labelledby="findings-heading">
      <div className="panel-head">
        <h2 id="findings-heading">Findings</h2>
        {groups.map((g) => (
          <span key={g.severity} className={`badge sev-${g.severity}`}>
            {g.total} {g.severity === 'info' ? 'info' : g.total === 1 ? g.severity : `${g.severity}s`}
          </span>
        ))}
        {findings.length > 0 && (
          <span className="code-filter">
            <label htmlFor={filterId} className="visually-hidden">
              Filter findings by code
            </label>
            <select id={filterId} value={code ?? ''} onChange={(e) => setCodeFilter(e.currentTarget.value || null)}>
              <option value="">All codes ({findings.length})</option>
              {counts.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.code} ({c.count})
                </option>
              ))}
            </select>
          </span>
        )}
      </div>
      {findings.length === 0 && <p className="muted">No findings: the inputs agree with themselves on every check.</p>}
      <ul className="findings-list" aria-label="Findings">
        {groups.map((g) => {
          if (g.items.length === 0) return null;
          const limit = shown[g.severity] ?? PAGE;
          return [
            <li key={`h-${g.severity}`} role="presentation" className="findings-group">
              <h3>
                {SEVERITY_TITLE[g.severity]} <span className="muted">{code ? `${g.items.length} of ${g.total}` : g.total}</span>
              </h3>
            </li>,
            ...g.items.slice(0, limit).map(({ index, finding }) => (
              <FindingItem
                key={index}
                index={index}
                finding={finding}
                selected={selected === index}
                dim={findingIsAfterCutoff(analysis, index, session, n)}
                multiFile={multiFile}
                records={analysis.records}
              />
            )),
            g.items.length > limit && (
              <li key={`m-${g.severity}`} role="presentation">
                <button type="button" className="link-button" onClick={() => setShown({ ...shown, [g.severity]: limit + PAGE * 5 })}>
                  Show {Math.min(PAGE * 5, g.items.length - limit)} more of {g.items.length - limit} remaining
                </button>
              </li>
            ),
          ];
        })}
      </ul>
    </section>
  );
}

interface ItemProps {
  index: number;
  finding: Finding;
  selected: boolean;
  dim: boolean;
  multiFile: boolean;
  records: readonly SeqRecord[];
}

const FindingItem = memo(function FindingItem({ index, finding, selected, dim, multiFile, records }: ItemProps) {
  const selectFinding = useStore((s) => s.selectFinding);
  const revealToken = useStore((s) => s.revealToken);
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (selected) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [selected, revealToken]);
  const where = finding.records
    .slice(0, 4)
    .map((r) => (multiFile ? `${r.file}:${r.line}` : `line ${r.line}`))
    .join(', ');
  return (
    <li ref={ref} className={`finding${selected ? ' selected' : ''}${dim ? ' after-cutoff' : ''}`}>
      <button
        type="button"
        aria-pressed={selected}
        onClick={() => {
          const valid = finding.recordIndex.filter((i) => i >= 0 && i < records.length);
          selectFinding(index, valid, focusOfFinding(finding));
        }}
      >
        <span className="finding-head">
          <span className={`sev-dot sev-${finding.severity}`} aria-hidden="true" />
          <code className="finding-code">{finding.code}</code>
          {finding.session !== null && (
            <span className="finding-session muted">
              <Marked text={finding.session} />
            </span>
          )}
        </span>
        <span className="finding-message">
          <Marked text={finding.message} />
        </span>
        <span className="finding-where muted">
          <Marked text={where} />
          {finding.records.length > 4 ? ` and ${finding.records.length - 4} more` : ''}
        </span>
      </button>
      <FindingNote index={index} />
    </li>
  );
});
