import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import type { EvalIdentity } from '../core/evals';
import { useStore } from '../state/store';
import { formatCount } from './format';
import { Marked } from './Marked';
import { VIRTUAL_FROM } from './VirtualList';
import type { RecordLookup } from '../core/recordLookup';
import { revealRecordPanel } from './revealRecordPanel';

/** Every eval identity with its status (or "disputed") and where its records are; a record opens in the detail view. A long table renders the rows in view. */
export function EvalIdentities({ identities, positions }: { identities: readonly EvalIdentity[]; positions: RecordLookup }) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = identities.length > VIRTUAL_FROM;
  const v = useVirtualizer({ count: virtual ? identities.length : 0, getScrollElement: () => scroller.current, estimateSize: () => 30, overscan: 12 });
  const items = v.getVirtualItems();
  const shown = virtual ? items.map((item) => item.index) : identities.map((_, i) => i);
  const top = virtual ? (items[0]?.start ?? 0) : 0;
  const bottom = virtual ? Math.max(0, v.getTotalSize() - (items[items.length - 1]?.end ?? 0)) : 0;
  const inputs = useStore((s) => s.analysis?.inputs);
  const selectRecord = useStore((s) => s.selectRecord);
  const multi = (inputs?.length ?? 0) > 1;
  return (
    <details className="eval-identities">
      <summary>{identities.length === 1 ? 'The 1 identity' : `All ${formatCount(identities.length)} identities`}</summary>
      <div ref={scroller} className={virtual ? 'eval-scroll' : undefined}>
        <table className="grid">
          <thead>
            <tr>
              <th scope="col">Identity</th>
              <th scope="col">Status</th>
              <th scope="col">Records</th>
            </tr>
          </thead>
          <tbody>
            {top > 0 && <tr role="presentation" style={{ height: top }} />}
            {shown.map((k) => {
              const id = identities[k]!;
              return (
                <tr key={id.key} ref={virtual ? v.measureElement : undefined} data-index={k}>
                  <td className="mono">
                    <Marked text={id.label} />
                    {id.basis === 'case' && <span className="field-tag">no run_id</span>}
                  </td>
                  <td>{id.disputed ? <span className="badge st-disputed-badge">disputed</span> : <span className={`status st-${id.status}`}>{id.status}</span>}</td>
                  <td>
                    {id.records.map((r) => (
                      <button key={positions.get(r)} type="button" className="link-button record-link" onClick={() => {
                        selectRecord(positions.get(r)!);
                        revealRecordPanel();
                      }}>
                        {multi ? <Marked text={`${inputs?.[r.fileIndex]?.name}:`} /> : 'line '}
                        {r.line}
                      </button>
                    ))}
                  </td>
                </tr>
              );
            })}
            {bottom > 0 && <tr role="presentation" style={{ height: bottom }} />}
          </tbody>
        </table>
      </div>
    </details>
  );
}
