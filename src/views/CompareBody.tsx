import type { Analysis } from '../core/analyze';
import type { ComparedRecord, Comparison } from '../core/comparison';
import { cancelComparison, clearComparison, compareWithFiles } from '../state/compareLoader';
import { useRawLinesVersion } from '../state/rawLines';
import { rawTextOf } from '../state/selectors';
import { useStore } from '../state/store';
import { CompareUnreadNote } from './CompareUnreadNote';
import { focusCompareWith } from './EvidenceBar';
import { CompareEvals } from './CompareEvalTable';
import { CompareFindings } from './CompareFindingLists';
import { CompareDecisions, CompareRecords, comparisonCounts, verdictOf } from './CompareTables';
import { FileButton } from './FileButton';
import { formatCount } from './format';
import { RAW_SHOWN_CHARS } from './DetailView';
import { LoadingStatus } from './LoadProgressBar';
import { LongText } from './LongText';
import { InputHash } from './InputHash';
import { Marked } from './Marked';

/**
 * The open inputs (base run) against another run: where they first part in
 * acceptance terms, with a jump to it, and what differs — decisions, eval
 * outcomes, findings present in one run only, and the records themselves.
 */
/** Loaded on first use (see ComparePanel.tsx). */
export default function CompareContent() {
  const comparison = useStore((s) => s.comparison);
  const reading = useStore((s) => s.comparisonLoad);
  const base = useStore((s) => s.analysis);
  if (!comparison && !reading) return null;
  const other = comparison?.other;
  const otherRejected = comparison?.result?.other.inputs.reduce((n, i) => n + i.rejected, 0) ?? 0;
  return (
    <section className="panel compare" aria-labelledby="compare-heading">
      <div className="panel-head">
        <h2 id="compare-heading">Comparison</h2>
        <span className="muted">
          base run: the open inputs · other run:{' '}
          <span className="mono">
            <Marked text={comparison?.label ?? reading?.label ?? ''} />
          </span>
          {other?.inputs[0] && (
            <>
              {' '}
              <InputHash input={other.inputs[0]} />
            </>
          )}
          {otherRejected > 0 && <span className="has-rejected"> · {otherRejected === 1 ? '1 line' : `${formatCount(otherRejected)} lines`} rejected</span>}
        </span>
        {comparison && (
          <button
            type="button"
            className="small"
            onClick={() => {
              clearComparison();
              // The button goes with the panel, and focus fell to the page's body: it goes to Compare with…, where another run is chosen.
              focusCompareWith();
            }}
          >
            Stop comparing
          </button>
        )}
      </div>
      {reading && <LoadingStatus text={reading.message} progress={reading.progress} progressLabel="Comparison run loading progress" onCancel={cancelComparison} />}
      {comparison?.status === 'waiting' && comparison.expected && <ComparisonRequest name={comparison.expected.name} hash={comparison.expected.hash} message={comparison.message} />}
      {comparison?.status === 'loading' && <p role="status">{comparison.message}…</p>}
      {comparison?.status === 'error' && (
        <p className="status-error" role="alert">
          The other run could not be read: {comparison.message}
        </p>
      )}
      {comparison?.status === 'ready' && comparison.result && base && other && <CompareBody result={comparison.result} base={base} other={other} otherLabel={comparison.label} />}
    </section>
  );
}

/** A link that compares with a file by hash: the file is asked for, and only that very file is compared with. */
function ComparisonRequest({ name, hash, message }: { name: string; hash: string; message: string | null }) {
  return (
    <div className="comparison-request">
      <p>
        This link compares the open inputs with{' '}
        <span className="mono">
          <Marked text={name} />
        </span>{' '}
        (SHA-256 <code>{hash.slice(0, 12)}</code>…), which never left the browser it was
        opened in. Open that file to see the comparison.
      </p>
      {message && (
        <p className="status-error" role="alert">
          {message}
        </p>
      )}
      <FileButton label="Provide the comparison file" primary onFiles={compareWithFiles} />
    </div>
  );
}

function CompareBody({ result, base, other, otherLabel }: { result: Comparison; base: Analysis; other: Analysis; otherLabel: string }) {
  return (
    <div className="compare-body">
      <p className={result.diverged ? 'compare-verdict diverged' : 'compare-verdict'}>
        {verdictOf(result)}{' '}
        <span className="muted">{comparisonCounts(result)}</span>
      </p>
      <CompareUnreadNote result={result} base={base} other={other} otherLabel={otherLabel} />
      {result.firstDivergence && <FirstDivergence result={result} base={base} other={other} />}
      {/* Two eval sweeps have no session, so no decision to call the same. */}
      {result.sessions.length > 0 && <CompareDecisions decisions={result.decisions} base={base} />}
      {result.evals && <CompareEvals evals={result.evals} base={base} />}
      <CompareFindings findings={result.findings} />
      <CompareRecords sessions={result.sessions} base={base} />
    </div>
  );
}

function FirstDivergence({ result, base, other }: { result: Comparison; base: Analysis; other: Analysis }) {
  const d = result.firstDivergence!;
  const selectRecord = useStore((s) => s.selectRecord);
  const jump = () => {
    if (!d.base) return;
    selectRecord(d.base.index);
    document.getElementById(d.scope === 'eval' ? 'detail-heading' : 'order-heading')?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };
  return (
    <section className="first-divergence" aria-label="First divergence">
      <h3 className="sub-head">
        First divergence
        {d.scope === 'session' ? (
          <>
            {' '}
            · session{' '}
            <span className="mono">
              <Marked text={d.session ?? ''} />
            </span>
            {d.seq !== null ? ` at accept_seq ${d.seq}` : ''}
          </>
        ) : (
          <>
            {' '}
            · eval{' '}
            <span className="mono">
              <Marked text={d.label ?? ''} />
            </span>
          </>
        )}
      </h3>
      <p className="divergence-text">
        <Marked text={d.explanation} />
      </p>
      <div className="side-by-side">
        <RecordSide title="Base run (open)" record={d.base} analysis={base} />
        <RecordSide title="Other run" record={d.other} analysis={other} />
      </div>
      <button type="button" className="primary" onClick={jump} disabled={!d.base} title={d.base ? undefined : 'The base run has no record here; the other run holds it'}>
        Jump to the first divergence
      </button>
    </section>
  );
}

export function RecordSide({ title, record, analysis }: { title: string; record: ComparedRecord | null; analysis: Analysis }) {
  useRawLinesVersion();
  const r = record ? analysis.records[record.index] : undefined;
  return (
    <div className="side">
      <h4>{title}</h4>
      {record && r ? (
        <>
          <p className="mono muted">
            <Marked text={`${record.file}:${record.line} · ${record.kind}${record.hasId ? ` ${String(record.id)}` : ''}`} />
            {record.kind === 'eval' ? '' : record.seq === null ? ' · no accept_seq' : ` · accept_seq ${record.seq}`}
          </p>
          {/* Cut as the record panel cuts it: a 10 MB line drawn whole in one piece held the page for seconds. */}
          <LongText key={record.index} as="pre" className="raw-line" text={rawTextOf(analysis, r).text} max={RAW_SHOWN_CHARS} what="line" />
        </>
      ) : (
        <p className="muted">nothing here</p>
      )}
    </div>
  );
}
