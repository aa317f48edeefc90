import type { Analysis } from '../core/analyze';
import type { ParsedInput, SeqRecord } from '../core/model';
import { perObject } from '../core/perObject';

/** UTF-8 length of text[from, to): what TextEncoder would write (an unpaired surrogate becomes U+FFFD, three bytes). */
export function utf8Length(text: string, from = 0, to = text.length): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < to) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 4;
        i++;
      } else n += 3;
    } else n += 3;
  }
  return n;
}

/**
 * The byte offset of each record of an input (aligned with `input.records`),
 * counted as UTF-8 over the decoded text, in one pass; -1 for records that
 * have no place of their own in the text (items of a JSON document).
 */
export const byteOffsetsOf = perObject((input: ParsedInput): Float64Array => {
  const out = new Float64Array(input.records.length).fill(-1);
  const order = input.records.map((r, i) => [r.offset, i] as const).filter(([o]) => o >= 0);
  order.sort((a, b) => a[0] - b[0]);
  let at = 0;
  let bytes = 0;
  for (const [offset, i] of order) {
    bytes += utf8Length(input.text, at, offset);
    at = offset;
    out[i] = bytes;
  }
  return out;
});

const positionInInput = perObject((input: ParsedInput) => new Map(input.records.map((r, i) => [r, i])));

export interface RecordPlace {
  readonly file: string;
  readonly line: number;
  /** Character (UTF-16 code unit) offset in the decoded text, and the record's length in characters; null without a place. */
  readonly charOffset: number | null;
  readonly chars: number | null;
  /** UTF-8 byte offset in the decoded text. */
  readonly byteOffset: number | null;
  /** UTF-8 bytes of the raw text, for a streamed input (which has no characters counted: its text is not kept). */
  readonly bytes: number | null;
}

/** Where a record is in its file: name, line, and character and byte offsets of its raw text. */
export function placeOf(analysis: Analysis, record: SeqRecord): RecordPlace {
  const input = analysis.inputs[record.fileIndex];
  const file = input?.name ?? '?';
  // An assembled text's offsets are in the members or cells laid end to end, not in the file: showing them would point into the zip or database.
  if (!input || record.offset < 0 || input.assembled) return { file, line: record.line, charOffset: null, chars: null, byteOffset: null, bytes: null };
  if (input.streamed) return { file, line: record.line, charOffset: null, chars: null, byteOffset: record.offset, bytes: record.length };
  const i = positionInInput(input).get(record);
  const byteOffset = i === undefined ? null : byteOffsetsOf(input)[i]!;
  return { file, line: record.line, charOffset: record.offset, chars: record.length, byteOffset: byteOffset !== null && byteOffset >= 0 ? byteOffset : null, bytes: null };
}
