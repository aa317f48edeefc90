import { useState } from 'react';
import type { SeqRecord } from '../core/model';
import { isKnownField } from './knownFields';
import { LongText } from './LongText';
import { MoreToShow } from './ShowAllToggle';
import { Marked, marked } from './Marked';

/** A field's value is drawn up to this many characters until asked for whole: the raw line above holds it too. */
export const FIELD_SHOWN_CHARS = 5_000;

/** Fields listed until asked for all: a record of 20,000 fields took 1.7 s to show, its table laid out whole. */
export const FIELDS_SHOWN = 300;

/** Every field of the parsed object, in file order, with the ones the native format does not define marked as such. */
export function RecordFields({ record, native }: { record: SeqRecord; native: boolean }) {
  const [all, setAll] = useState(false);
  const entries = Object.entries(record.data);
  const shown = all ? entries : entries.slice(0, FIELDS_SHOWN);
  return (
    <>
      <table className="grid fields">
        <tbody>
          {shown.map(([key, value]) => {
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
                  <LongText text={typeof value === 'string' ? value : JSON.stringify(value)} max={FIELD_SHOWN_CHARS} what="value" as="div" className="field-text" />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {entries.length > FIELDS_SHOWN && <MoreToShow all={all} onChange={setAll} total={entries.length} first={FIELDS_SHOWN} noun="fields" />}
    </>
  );
}
