import { decodeText, isGzipInput, isZip } from './decode';
import { TEXT_FORMATS, type FormatProbe, type TextFormat } from './formats';
import { gunzipCapped } from './gzip';
import { DEFAULT_LIMITS, DocumentTooLargeError, type InputLimits } from './limits';
import { isSqlite } from './parseAgentsSqlite';
import { isInspectEvalZip, zipEntryNames } from './inspectZip';
import { lineEnd } from './lines';
import { UnknownDocumentError } from './unknownDocument';

const HEAD_CHARS = 64 * 1024;
/** JSON Lines formats are recognised from the first value that parses among this many non-blank lines. */
const PROBE_LINES = 5;

/**
 * The first JSON value among the first non-blank lines, so one cut-off first
 * line does not hide the format. Lines are taken from the whole text, not the
 * head: a rollout's first line (its session_meta, with the model's base
 * instructions) can be longer than the head.
 */
export function firstJsonValue(text: string, maxLineChars = DEFAULT_LIMITS.maxLineChars): unknown {
  let start = 0;
  let tried = 0;
  while (start < text.length && tried < PROBE_LINES) {
    const end = lineEnd(text, start);
    // A longer line is not read whole for detection; the readers refuse it anyway.
    const line = text.slice(start, Math.min(end, start + maxLineChars));
    start = end + 1;
    if (!line.trim()) continue;
    tried++;
    try {
      return JSON.parse(line);
    } catch {
      // try the next line
    }
  }
  return undefined;
}

/** Looks at a text once: its head, its first line value and, when it starts with `{`, the whole document. */
export function probeText(text: string, limits: InputLimits = DEFAULT_LIMITS): FormatProbe {
  const head = text.slice(0, HEAD_CHARS);
  let document: unknown = undefined;
  let documentError: Error | null = null;
  if (head.trimStart().startsWith('{') && text.length > limits.maxDocumentChars) {
    documentError = new DocumentTooLargeError(text.length, limits.maxDocumentChars);
  } else if (head.trimStart().startsWith('{')) {
    // A JSON Lines file fails this parse at its second line, so the attempt is cheap.
    try {
      document = JSON.parse(text);
    } catch (e) {
      documentError = e instanceof Error ? e : new Error(String(e));
    }
  }
  return { head, firstValue: firstJsonValue(text, limits.maxLineChars), document, documentError };
}

/** Picks the text format from the content, never from the file name. */
export function detectTextFormat(text: string, limits: InputLimits = DEFAULT_LIMITS): { format: TextFormat; probe: FormatProbe } {
  const probe = probeText(text, limits);
  const format = TEXT_FORMATS.find((f) => f.sniff(probe)) ?? TEXT_FORMATS[TEXT_FORMATS.length - 1]!;
  return { format, probe };
}

/**
 * The format id loadInput would report for these bytes (before any `+gzip`),
 * without reading records: binary formats by their magic bytes (and a zip by
 * its member names), text by its content. `unreadable` is what loadInput
 * refuses. A SQLite file is only opened by loadInput, which refuses one
 * without session tables.
 */
export function detectInputFormat(bytes: Uint8Array, limits: InputLimits = DEFAULT_LIMITS): string {
  let content = bytes;
  if (isGzipInput(bytes)) {
    try {
      content = gunzipCapped(bytes, limits.maxContentBytes).bytes;
    } catch {
      return 'unreadable';
    }
  }
  if (isZip(content)) return isInspectEvalZip(zipEntryNames(content)) ? 'inspect-eval' : 'unreadable';
  if (isSqlite(content)) return 'agents-sqlite';
  if (content.length > limits.maxContentBytes) return 'unreadable';
  const { text } = decodeText(content);
  const { format, probe } = detectTextFormat(text, limits);
  if (format.id !== 'native') return format.id;
  // Native splits into its JSON Lines and whole-document forms only when parsing; report which one.
  try {
    return format.parse(text, '', 0, probe, limits).format;
  } catch (e) {
    if (e instanceof UnknownDocumentError) return 'unreadable';
    throw e;
  }
}
