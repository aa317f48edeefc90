import { useState } from 'react';
import type { EvalIdentity } from '../core/evals';
import type { SeqRecord } from '../core/model';
import { useStore } from '../state/store';
import { Marked } from './Marked';

const PAGE = 100;

/** Every eval identity with its status (or "disputed") and where its records are; a record opens in the detail view. */
export function EvalIdentities({ identities, positions }: { identities: readonly EvalIdentity[]; positions: ReadonlyMap<SeqRecord, number> }) {
  const [limit, setLimit] = useState(PAGE);
  const inputs = useStore((s) => s.analysis?.inputs);
  const selectRecord = useStore((s) => s.selectRecord);
  const multi = (inputs?.length ?? 0) > 1;
  return (
    <details className="eval-identities">
      <summary>All {identities.length} identities</summary>
      <table className="grid">
        <thead>
          <tr>
            <th scope="col">Identity</th>
            <th scope="col">Status</th>
            <th scope="col">Records</th>
          </tr>
        </thead>
        <tbody>
          {identities.slice(0, limit).map((id) => (
            <tr key={id.key}>
              <td className="mono">
                <Marked text={id.label} />
                {id.basis === 'case' && <span className="field-tag">no run_id</span>}
              </td>
              <td>{id.disputed ? <span className="badge st-disputed-badge">disputed</span> : <span className={`status st-${id.status}`}>{id.status}</span>}</td>
              <td>
                {id.records.map((r) => (
                  <button key={positions.get(r)} type="button" className="link-button record-link" onClick={() => selectRecord(positions.get(r)!)}>
                    {multi ? <Marked text={`${inputs?.[r.fileIndex]?.name}:`} /> : 'line '}
                    {r.line}
                  </button>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {identities.length > limit && (
        <button type="button" className="link-button" onClick={() => setLimit(limit + PAGE * 10)}>
          Show {Math.min(PAGE * 10, identities.length - limit)} more
        </button>
      )}
    </details>
  );
}
