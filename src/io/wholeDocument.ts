import type { FormatBody, FormatProbe } from './formats';
import { escapeForMessage } from './jsonError';
import { lineAndColumn } from './jsonSpans';
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
  const message = error ? escapeForMessage(error.message.replace(/ in JSON at position \d+.*$/s, '')) : 'not a JSON object';
  const position = error ? /at position (\d+)/.exec(error.message) : null;
  const where = position ? lineAndColumn(text, Number(position[1])) : null;
  const at = where ? ` at text line ${where.line}, column ${where.column}` : '';
  const endsEarly = /Unexpected end/.test(message) || (position !== null && Number(position[1]) >= text.trimEnd().length - 1);
  const cut = endsEarly ? '; the document ends early, so the file was probably cut off' : '';
  return oneRejection(format, `line 1: this looks like ${what} but is not valid JSON${at} (${message})${cut}`);
}

/** The whole document as one rejected line: nothing of it becomes a record. */
export function oneRejection(format: string, reason: string): FormatBody {
  return { format, lines: 1, blank: 0, rejected: [{ line: 1, reason }], records: [], notes: [] };
}
