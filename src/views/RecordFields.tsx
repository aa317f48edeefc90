import type { SeqRecord } from '../core/model';
import { isKnownField } from './knownFields';
import { LongText } from './LongText';
import { Marked, marked } from './Marked';

/** A field's value is drawn up to this many characters until asked for whole: the raw line above holds it too. */
const FIELD_SHOWN_CHARS = 5_000;

/** Every field of the parsed object, in file order, with the ones the native format does not define marked as such. */
export function RecordFields({ record, native }: { record: SeqRecord; native: boolean }) {
  const entries = Object.entries(record.data);
  return (
    <table className="grid fields">
      <tbody>
        {entries.map(([key, value]) => {
          const unread = native && !isKnownField(record.kind, key);
          return (
            <tr key={key}>
              {/* Read from its text alone, the header would run the key into the tag: "__proto__not read". */}
              <th scope="row" className="mono" aria-label={unread ? `${marked(key)}, not read` : undefined}>
                <Marked text={key} />
                {unread && (
                  <>
                    {' '}
                    <span className="field-tag">not read</span>
                  </>
                )}
              </th>
              <td className="mono field-value">
                <LongText text={typeof value === 'string' ? value : JSON.stringify(value)} max={FIELD_SHOWN_CHARS} what="value" />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
