import { jsonText } from './canonical';
import type { ParsedInput, SeqRecord } from './model';

/**
 * A record's text as it stands in its input. Records of a JSON array (or of
 * a format whose items are not lines) have no addressable text; their parsed
 * object is shown instead, and `exact` says so.
 */
export function rawRecordText(input: ParsedInput | undefined, record: SeqRecord): { text: string; exact: boolean } {
  if (!input || record.offset < 0) return { text: jsonText(record.data), exact: false };
  return { text: input.text.slice(record.offset, record.offset + record.length), exact: true };
}
