import type { SeqRecord } from '../core/model';
import { isKnownField } from './knownFields';
import { Marked } from './Marked';

/** Every field of the parsed object, in file order, with the ones the native format does not define marked as such. */
export function RecordFields({ record, native }: { record: SeqRecord; native: boolean }) {
  const entries = Object.entries(record.data);
  return (
    <table className="grid fields">
      <tbody>
        {entries.map(([key, value]) => (
          <tr key={key}>
            <th scope="row" className="mono">
              <Marked text={key} />
              {native && !isKnownField(record.kind, key) && <span className="field-tag">not read</span>}
            </th>
            <td className="mono field-value">
              <Marked text={typeof value === 'string' ? value : JSON.stringify(value)} layout />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
