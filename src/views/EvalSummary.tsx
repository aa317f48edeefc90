import { Activity } from 'react';
import { objectKey } from '../state/memo';
import type { EvalIdentity, EvalSummary as Summary } from '../core/evals';
import { passRateRangeEnds, percent } from '../core/passRate';
import { evalRecordsOf, recordIndexOf } from '../state/selectors';
import { useStore } from '../state/store';
import { DisputedIdentity } from './DisputedIdentity';
import { EvalIdentities } from './EvalIdentities';
import { formatCount } from './format';
import { RawRecords } from './RawRecords';

/**
 * The eval summary, worded so that it cannot be misread: the pass rate
 * counts undisputed identities only, and a disputed identity is neither a
 * pass nor a fail — it is shown apart, with every side.
 */
export function EvalSummary() {
  const analysis = useStore((s) => s.analysis);
  const raw = useStore((s) => s.recordOrder === 'raw');
  const evals = analysis?.evals;
  if (!analysis || !evals) return null;
  const s = evals.summary;
  const records = countRecords(evals.identities);
  const disputed = evals.identities.filter((i) => i.disputed);
  const index = recordIndexOf(analysis);
  return (
    <section className="panel evals" aria-labelledby="evals-heading">
      <div className="panel-head">
        <h2 id="evals-heading">Eval summary</h2>
        <span className="muted">
          {formatCount(s.observations)} {s.observations === 1 ? 'identity' : 'identities'} from {formatCount(records)} eval {records === 1 ? 'record' : 'records'}
        </span>
      </div>
      <p className="pass-rate">
        <span className="pass-rate-value">{percent(s.pass_rate)}</span> <PassRateText s={s} />
      </p>
      <dl className="eval-counts">
        <Count label="pass" value={s.pass} className="st-pass" />
        <Count label="fail" value={s.fail} className="st-fail" />
        <Count label="error" value={s.error} className="st-error" />
        <Count label="skip" value={s.skip} />
        <Count label="unknown status" value={s.unknown} />
        <Count label="disputed" value={s.disputed} className="st-disputed" />
        <Count label="replays (counted once)" value={s.replays} />
      </dl>
      {raw && <RawRecords records={evalRecordsOf(analysis)} label="Eval records (the counts above are per identity)" />}
      {/* Hidden, not removed, in raw mode: a sweep's identities and disputes are built again on the way back otherwise (see OrderArea). */}
      <Activity mode={raw ? 'hidden' : 'visible'}>
        <EvalIdentities key={objectKey(evals.identities)} all={evals.identities} positions={index} />
        {disputed.length > 0 && (
          <div className="disputed">
            <h3 className="sub-head">
              Disputed {disputed.length === 1 ? 'identity' : 'identities'} ({formatCount(disputed.length)}) — no side is chosen
            </h3>
            {disputed.slice(0, 100).map((id) => (
              <DisputedIdentity key={id.key} identity={id} positions={index} />
            ))}
            {disputed.length > 100 && <p className="muted">…and {formatCount(disputed.length - 100)} more; filter the findings by eval-conflict to see each.</p>}
          </div>
        )}
      </Activity>
    </section>
  );
}

function countRecords(identities: readonly EvalIdentity[]): number {
  let n = 0;
  for (const i of identities) n += i.records.length;
  return n;
}

function PassRateText({ s }: { s: Summary }) {
  const decided = s.pass + s.fail + s.error;
  const base =
    s.pass_rate === null
      ? 'pass rate: not defined — no undisputed identity passed, failed or errored.'
      : `pass rate over ${formatCount(decided)} undisputed ${decided === 1 ? 'identity' : 'identities'} that passed, failed or errored (${formatCount(s.pass)} pass).`;
  if (!s.pass_rate_range) return <span>{base}</span>;
  const [lo, hi] = passRateRangeEnds(s.pass_rate_range, percent);
  return (
    <span>
      {base}{' '}
      <strong className="st-disputed">
        {formatCount(s.disputed)} disputed {s.disputed === 1 ? 'identity is' : 'identities are'} left out;{' '}
        {hi === undefined
          ? `however ${s.disputed === 1 ? 'it is' : 'they are'} resolved the rate would be ${lo}.`
          : `depending on how ${s.disputed === 1 ? 'it is' : 'they are'} resolved the rate could be anywhere from ${lo} to ${hi}.`}
      </strong>
    </span>
  );
}

function Count({ label, value, className }: { label: string; value: number; className?: string }) {
  return (
    <div className={value > 0 ? className : undefined}>
      <dt>{label}</dt>
      <dd>{formatCount(value)}</dd>
    </div>
  );
}
