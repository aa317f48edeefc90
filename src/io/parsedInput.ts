import type { ParsedInput } from '../core/model';
import type { FormatBody } from './formats';
import { escapeForMessage } from './jsonError';

/** The file an input was read from, as reports name it. */
export interface InputFile {
  readonly name: string;
  /** Whether the content was gzipped: the format then says so (`codex-rollout+gzip`). */
  readonly gzip: boolean;
  /** Bytes of the file as it is on disk. */
  readonly bytes: number;
  readonly sha256: string;
  /** For a gzip: what it decompresses to (ParsedInput.contentBytes, contentSha256). */
  readonly contentBytes?: number;
  readonly contentSha256?: string;
}

/**
 * Formats whose records are placed by item of one JSON document or database
 * (array positions, rows) rather than by line of text.
 */
const ITEMIZED_FORMATS: ReadonlySet<string> = new Set(['native-array', 'native-records', 'inspect-json', 'inspect-eval', 'promptfoo', 'agents-run-state', 'agents-sqlite']);

/** Formats whose text is assembled from zip members or database cells (ParsedInput.assembled). */
const ASSEMBLED_FORMATS: ReadonlySet<string> = new Set(['inspect-eval', 'agents-sqlite']);

/** Whether an input of this format (as reports name it, `+gzip` included) is placed by item rather than by line. */
export function isItemizedFormat(format: string): boolean {
  return ITEMIZED_FORMATS.has(format.replace(/\+gzip$/, ''));
}

/**
 * A reader's body as an input, whether it was read whole (`text` is then
 * the decoded text) or streamed (`text` empty). Reasons, notes and boundary
 * labels quote log text, so they are escaped for printing.
 */
export function parsedInput(body: FormatBody, file: InputFile, text: string): ParsedInput {
  const input: ParsedInput = {
    name: file.name,
    format: file.gzip ? `${body.format}+gzip` : body.format,
    bytes: file.bytes,
    sha256: file.sha256,
    ...(file.contentBytes === undefined ? {} : { contentBytes: file.contentBytes }),
    ...(file.contentSha256 === undefined ? {} : { contentSha256: file.contentSha256 }),
    lines: body.lines,
    blank: body.blank,
    rejected: body.rejected.map((r) => ({ line: r.line, reason: escapeForMessage(r.reason) })),
    records: body.records,
    text,
    notes: body.notes.map((n) => ({ ...n, message: escapeForMessage(n.message) })),
    ...(ITEMIZED_FORMATS.has(body.format) ? { itemized: true } : {}),
    ...(ASSEMBLED_FORMATS.has(body.format) ? { assembled: true } : {}),
  };
  return body.boundaries ? { ...input, boundaries: body.boundaries.map((b) => ({ ...b, label: escapeForMessage(b.label) })) } : input;
}
