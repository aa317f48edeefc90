import type { FormatBody, FormatProbe } from './formats';
import { lineAndColumn } from './jsonSpans';

/**
 * A one-document format (an Inspect log, a promptfoo export, a RunState) whose
 * text is not valid JSON, typically a file cut off while being written: one
 * rejection that says where the document breaks, instead of a rejection per
 * text line from the native reader.
 */
export function wholeDocumentRejection(format: string, what: string, text: string, probe: FormatProbe): FormatBody {
  const error = probe.documentError;
  const message = error ? error.message.replace(/ in JSON at position \d+.*$/s, '') : 'not a JSON object';
  const position = error ? /at position (\d+)/.exec(error.message) : null;
  const where = position ? lineAndColumn(text, Number(position[1])) : null;
  const at = where ? ` at text line ${where.line}, column ${where.column}` : '';
  const endsEarly = /Unexpected end/.test(message) || (position !== null && Number(position[1]) >= text.trimEnd().length - 1);
  const cut = endsEarly ? '; the document ends early, so the file was probably cut off' : '';
  return {
    format,
    lines: 1,
    blank: 0,
    rejected: [{ line: 1, reason: `line 1: this looks like ${what} but is not valid JSON${at} (${message})${cut}` }],
    records: [],
    notes: [],
  };
}
