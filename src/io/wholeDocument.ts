import type { FormatBody, FormatProbe } from './formats';
import { describeJsonBreak } from './jsonError';
import { DocumentTooLargeError } from './limits';

/**
 * A one-document format (an Inspect log, a promptfoo export, a RunState) whose
 * text is not valid JSON, typically a file cut off while being written, or is
 * over the document size limit: one rejection that says why, instead of a
 * rejection per text line from the native reader.
 */
export function wholeDocumentRejection(format: string, what: string, text: string, probe: FormatProbe): FormatBody {
  const error = probe.documentError;
  if (error instanceof DocumentTooLargeError) {
    return oneRejection(format, `line 1: this looks like ${what} but ${error.message}; see docs/limits.md`);
  }
  if (!error) return oneRejection(format, `line 1: this looks like ${what} but is not valid JSON (not a JSON object)`);
  return oneRejection(format, `line 1: this looks like ${what} but is ${describeJsonBreak(error, text, 'text line', 'the file')}`);
}

/** The whole document as one rejected line: nothing of it becomes a record. */
export function oneRejection(format: string, reason: string): FormatBody {
  return { format, lines: 1, blank: 0, rejected: [{ line: 1, reason }], records: [], notes: [] };
}
