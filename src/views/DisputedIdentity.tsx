import { useMemo, useState } from 'react';
import type { EvalIdentity, EvalStatus } from '../core/evals';
import { field } from '../core/fields';
import type { SeqRecord } from '../core/model';
import { recordedStatus, type RecordedStatus } from '../core/recordedStatus';
import { useStore } from '../state/store';
import { Marked, marked } from './Marked';
import type { RecordLookup } from '../core/recordLookup';
import { revealRecordPanel } from './revealRecordPanel';
import { shownSides, SIDES_SHOWN } from './disputeSides';
import { formatCount } from './format';
import { ShowAllToggle } from './ShowAllToggle';

const text = (r: SeqRecord, name: string) => {
  const v = field(r, name);
  return v === undefined ? null : typeof v === 'string' ? v : JSON.stringify(v);
};

/**
 * What the file recorded, then the status it normalises to. A real format's
 * file has no status word, so its side names the value the status was read
 * from (an Inspect score, a promptfoo success flag), not Seqscope's word.
 */
function SideStatus({ recorded, status }: { recorded: RecordedStatus; status: EvalStatus }) {
  if (!recorded.derived) {
    const w = recorded.written;
    return <StatusFrom label="status" text={w === undefined ? '(none)' : typeof w === 'string' ? w : JSON.stringify(w)} status={status} />;
  }
  if (recorded.basis !== undefined) return <StatusFrom label="recorded" text={recorded.basis} status={status} />;
  return (
    <span className="side-status">
      status <strong className="mono">{status}</strong>
      <span className="muted"> (read by Seqscope; the file records no status)</span>
    </span>
  );
}

function StatusFrom({ label, text, status }: { label: string; text: string; status: EvalStatus }) {
  return (
    <span className="side-status">
      {label}{' '}
      <strong className="mono">
        <Marked text={text} />
      </strong>
      <span className="muted"> → {status}</span>
    </span>
  );
}

/** One disputed identity with every side next to each other: status as recorded, note, score, and where it came from. */
export function DisputedIdentity({ identity, positions }: { identity: EvalIdentity; positions: RecordLookup }) {
  const analysis = useStore((s) => s.analysis);
  const inputs = analysis?.inputs;
  const own = useMemo(() => new Set(identity.records.map((r) => positions.get(r))), [identity, positions]);
  // Only a selection among its own sides changes what a dispute draws: up to 100 are listed, and
  // each redrawn at every selection cost a few milliseconds and half a megabyte a key press.
  const focus = useStore((s) => (s.selection.focus !== null && own.has(s.selection.focus) ? s.selection.focus : null));
  const selectRecord = useStore((s) => s.selectRecord);
  const [all, setAll] = useState(false);
  const statuses = [...new Set(identity.statuses)].join(' vs ');
  const many = !all && identity.records.length > SIDES_SHOWN;
  const focusedSide = many && focus !== null && analysis ? identity.records.indexOf(analysis.records[focus]!) : -1;
  const shown = many ? shownSides(identity, SIDES_SHOWN, focusedSide) : identity.records.map((_, k) => k);
  return (
    <article className="dispute" aria-label={`Disputed ${marked(identity.label)}`}>
      <header>
        <span className="badge st-disputed-badge">disputed</span> <code>
          <Marked text={identity.label} />
        </code>{' '}
        <span className="muted">
          {statuses} — counted neither as pass nor as fail; {formatCount(identity.records.length)} records
        </span>
      </header>
      <div className="sides">
        {shown.map((k) => {
          const r = identity.records[k]!;
          const i = positions.get(r)!;
          return (
            // The side the record panel shows is said as current, not by its border alone.
            <button key={i} type="button" className={`side${focus === i ? ' current' : ''}`} aria-current={focus === i || undefined} onClick={() => {
              selectRecord(i);
              revealRecordPanel();
            }}>
              {/* A side is named by its identity too: tabbing from side to side, a screen reader heard each status and note and never whose they are. */}
              <span className="visually-hidden">Show {marked(identity.label)}: </span>
              <SideStatus recorded={recordedStatus(r, inputs?.[r.fileIndex]?.format)} status={identity.statuses[k]!} />
              {text(r, 'score') !== null && (
                <span>
                  score <Marked text={text(r, 'score')!} />
                </span>
              )}
              {text(r, 'run_id') !== null && (
                <span>
                  run <Marked text={text(r, 'run_id')!} />
                </span>
              )}
              <span className="side-note">{text(r, 'note') !== null ? <Marked text={text(r, 'note')!} layout /> : <span className="muted">no note</span>}</span>
              {text(r, 'source') !== null && (
                <span className="muted">
                  source <Marked text={text(r, 'source')!} />
                </span>
              )}
              <span className="mono side-loc">
                <Marked text={`${inputs?.[r.fileIndex]?.name}:${r.line}`} />
              </span>
            </button>
          );
        })}
      </div>
      {identity.records.length > SIDES_SHOWN && (
        <p className="muted">
          {!all && `${formatCount(shown.length)} of ${formatCount(identity.records.length)} sides shown, each outcome among them. `}
          <ShowAllToggle all={all} onChange={setAll} showAll={`Show all ${formatCount(identity.records.length)} sides`} showFirst={`Show ${SIDES_SHOWN} sides`} />
        </p>
      )}
    </article>
  );
}
