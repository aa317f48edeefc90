import { useDeferredValue, useId, useRef, useState } from 'react';
import type { EvalIdentity } from '../core/evals';
import { placeLabel } from '../core/place';
import { identitiesShown, identityCountsOf, type IdentityShown } from '../state/evalIdentityFilter';
import { useStore } from '../state/store';
import { andMore } from '../core/countText';
import { formatCount } from './format';
import { Marked, marked } from './Marked';
import { PlaceText } from './PlaceText';
import { rowHeight, VIRTUAL_FROM } from './VirtualList';
import type { RecordLookup } from '../core/recordLookup';
import { revealRecordPanel } from './revealRecordPanel';
import { ScrollEdges } from './ScrollEdges';
import { useRowWindow } from './useRowWindow';
import { spacedRows } from '../viz/rowWindow';

const SHOWN_LABEL: Record<IdentityShown, string> = {
  all: 'All',
  disputed: 'Disputed',
  fail: 'Fail',
  error: 'Error',
  pass: 'Pass',
  skip: 'Skip',
  unknown: 'Unknown status',
};

/**
 * Record links per identity's row. An identity can hold any number of records (a case retried 200,000 times
 * in a stuck loop rendered 200,000 buttons in one row: 2.8 s to show); the findings name every one of them.
 */
const RECORDS_SHOWN = 5;

/**
 * Every eval identity with its status (or "disputed") and where its records
 * are; a record opens in the detail view. It can be narrowed to one status
 * and to labels holding a text, so a reviewer finds the fails of a sweep of
 * thousands. A long table renders the rows in view.
 */
export function EvalIdentities({ all, positions }: { all: readonly EvalIdentity[]; positions: RecordLookup }) {
  const formId = useId();
  const [shownChoice, setShown] = useState<IdentityShown>('all');
  const [text, setText] = useState('');
  const deferredText = useDeferredValue(text);
  const identities = identitiesShown(all, shownChoice, deferredText);
  const narrowed = identities !== all;
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = identities.length > VIRTUAL_FROM;
  // A long table is laid out only once opened: closed, a sweep of a million identities still measured them all (36 ms of the first render).
  const [open, setOpen] = useState(false);
  // Heights as laid out, fractions kept (as the findings list's): rounded, the spacer standing for the rows scrolled past
  // grew by whole pixels where they were 25.84 px tall, and the rows in view jumped almost a pixel at each step of a scroll.
  const win = useRowWindow({ scroller, count: virtual && open ? identities.length : 0, estimate: 30, adaptEstimate: true, overscan: 12, heightOf: rowHeight, keyOf: (i) => identities[i]!.key });
  const { rows: shown, below } = virtual ? spacedRows(win.rows, win.total) : { rows: identities.map((_, i) => ({ index: i, gap: 0, gapKey: '' })), below: 0 };
  const inputs = useStore((s) => s.analysis?.inputs);
  const selectRecord = useStore((s) => s.selectRecord);
  return (
    <details className="eval-identities" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{all.length === 1 ? 'The 1 identity' : `All ${formatCount(all.length)} identities`}</summary>
      {all.length > 1 && (
        <div className="eval-filter" role="group" aria-label="Filter identities">
          <label htmlFor={`${formId}-shown`}>Show</label>
          <select id={`${formId}-shown`} value={shownChoice} onChange={(e) => setShown(e.currentTarget.value as IdentityShown)}>
            {identityCountsOf(all).map((c) => (
              <option key={c.shown} value={c.shown}>
                {SHOWN_LABEL[c.shown]} ({formatCount(c.count)})
              </option>
            ))}
          </select>
          <input type="search" aria-label="Filter identities by label" placeholder="Label contains…" value={text} onChange={(e) => setText(e.currentTarget.value)} />
          {/* Always there, empty until narrowed: a live region inserted along with its text is often not read out. */}
          <span className="muted" role="status">
            {narrowed ? `${formatCount(identities.length)} of ${formatCount(all.length)}` : ''}
          </span>
        </div>
      )}
      {identities.length === 0 && <p className="muted">No identity matches; choose All and clear the text to see all {formatCount(all.length)}.</p>}
      {/* A long table scrolls in a box of its own, which gave no sign that more identities are below it. */}
      <ScrollEdges className="eval-scroll-edges">
        <div
          ref={scroller}
          className={virtual ? 'eval-scroll' : undefined}
          hidden={identities.length === 0}
        >
          {/* The rows laid out are a window of the table: their count and places are given, so a screen reader says where in it they are. */}
          <table className="grid" aria-rowcount={virtual ? identities.length + 1 : undefined}>
            <thead>
              <tr aria-rowindex={virtual ? 1 : undefined}>
                <th scope="col">Identity</th>
                <th scope="col">Status</th>
                <th scope="col">Records</th>
              </tr>
            </thead>
            <tbody>
              {shown.flatMap(({ index: k, gap, gapKey }) => {
                const id = identities[k]!;
                return [
                  gap > 0 && <tr key={`gap-${gapKey}`} role="presentation" style={{ height: gap }} />,
                  <tr key={`row-${id.key}`} ref={virtual ? win.measure : undefined} data-index={k} aria-rowindex={virtual ? k + 2 : undefined}>
                    {/* The row's header: moving along a row, a screen reader says whose status and records it reads. */}
                    <th scope="row" className="mono">
                      <Marked text={id.label} />
                      {id.basis === 'case' && (
                        <>
                          {' '}
                          <span className="field-tag">no run_id</span>
                        </>
                      )}
                    </th>
                    <td>{id.disputed ? <span className="badge st-disputed-badge">disputed</span> : <span className={`status st-${id.status}`}>{id.status}</span>}</td>
                    <td>
                      {id.records.slice(0, RECORDS_SHOWN).map((r) => {
                        const place = placeLabel(inputs ?? [], r.fileIndex, r.line);
                        // Named with what it shows, as raw file order's rows are: tabbing through, a screen reader heard 'line 15, button' and no more.
                        return (
                          <button key={positions.get(r)} type="button" className="link-button record-link" aria-label={`Show ${marked(place)}`} onClick={() => {
                            selectRecord(positions.get(r)!);
                            revealRecordPanel();
                          }}>
                            <PlaceText place={place} />
                          </button>
                        );
                      })}
                      {id.records.length > RECORDS_SHOWN && <span className="muted">{andMore(id.records.length, RECORDS_SHOWN)}</span>}
                    </td>
                  </tr>,
                ];
              })}
              {below > 0 && <tr role="presentation" style={{ height: below }} />}
            </tbody>
          </table>
        </div>
      </ScrollEdges>
    </details>
  );
}
