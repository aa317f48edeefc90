import { jsonText } from './canonical';
import type { ParsedInput, SeqRecord } from './model';

/**
 * A record's text as it stands in its input. Records of a JSON array (or of
 * a format whose items are not lines) have no addressable text; their parsed
 * object is shown instead, and `exact` says so. A streamed input holds no
 * text: its raw lines are there once read back (`pending` until then, with
 * the parsed fields shown meanwhile).
 */
export function rawRecordText(input: ParsedInput | undefined, record: SeqRecord): { text: string; exact: boolean; pending?: boolean } {
  if (!input || record.offset < 0) return { text: jsonText(record.data), exact: false };
  if (input.streamed) {
    const line = input.streamed.rawLines.get(record.offset);
    return line === undefined ? { text: jsonText(record.data), exact: false, pending: true } : { text: line, exact: true };
  }
  return { text: input.text.slice(record.offset, record.offset + record.length), exact: true };
}
