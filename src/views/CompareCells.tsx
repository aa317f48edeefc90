import type { ReactNode } from 'react';
import type { ComparedRecord } from '../core/comparison';
import { useStore } from '../state/store';
import { PlaceText } from './PlaceText';
import { revealRecordPanel } from './revealRecordPanel';

/** Rows shown per comparison table or list; the rest are counted. */
export const COMPARE_LIMIT = 100;

/** Two columns naming what differs, then the base run's side and the other run's. */
export function BaseOtherTable({ label, caption, first, second, children }: { label: string; caption: string; first: string; second: string; children: ReactNode }) {
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
export function Cite({ record, base }: { record: ComparedRecord | null; base: boolean }) {
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
