import type { Analysis } from '../core/analyze';
import type { SeqRecord } from '../core/model';
import { placeNoun } from '../core/place';
import { placeOf } from '../state/offsets';
import { formatCount } from './format';
import { Marked } from './Marked';

/** Where a record is in its file: name, line, and the character and byte offsets of its raw text. */
export function RecordPlace({ analysis, record }: { analysis: Analysis; record: SeqRecord }) {
  const p = placeOf(analysis, record);
  return (
    <p className="record-place muted" aria-label="Place in the file">
      <span className="mono">
        <Marked text={p.file} />
      </span>{' '}
      · {placeNoun(analysis.inputs[record.fileIndex])} {p.line}
      {p.bytes !== null && p.byteOffset !== null ? (
        <>
          {' '}
          · <span title="UTF-8 bytes before the record in the file's content (after gzip); a file read as a stream has no character count">byte {p.byteOffset}</span> ·{' '}
          {formatCount(p.bytes)} bytes
        </>
      ) : p.charOffset === null ? (
        analysis.inputs[record.fileIndex]?.assembled ? (
          ' · a zip member or database row of the file (no offset in the file itself)'
        ) : (
          ' · an item of a JSON document (no offset of its own)'
        )
      ) : (
        <>
          {' '}
          · <span title="UTF-8 bytes before the record in the decoded text (after gzip, without a byte-order mark)">byte {p.byteOffset ?? 0}</span> ·{' '}
          <span title="UTF-16 characters before the record in the decoded text">char {p.charOffset}</span> · {formatCount(p.chars ?? 0)} chars
        </>
      )}
    </p>
  );
}
