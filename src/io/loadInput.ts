import type { ParsedInput } from '../core/model';
import { decodeText, gunzip, isGzip, isZip } from './decode';
import { detectTextFormat } from './detect';
import type { FormatBody } from './formats';
import { isInspectEvalZip, parseInspectEval, unzipInspectEval } from './parseInspectLog';
import { isSqlite, NotAgentsSessionError, parseAgentsSqlite } from './parseAgentsSqlite';
import { sha256Hex } from './sha256';

export class UnreadableInputError extends Error {
  constructor(
    readonly fileName: string,
    message: string,
  ) {
    super(`${fileName}: ${message}`);
  }
}

/**
 * Bytes of one input to the core model, with its accounting. Throws
 * UnreadableInputError only when nothing at all can be read (e.g. a corrupt
 * gzip stream, a zip that is no eval log); a bad line never throws.
 */
export async function loadInput(name: string, bytes: Uint8Array, fileIndex: number): Promise<ParsedInput> {
  // Web Crypto hashes off the calling thread, so parsing proceeds meanwhile.
  const sha256Pending = sha256Hex(bytes);
  sha256Pending.catch(() => undefined);
  let content = bytes;
  let gzip = false;
  if (isGzip(bytes)) {
    try {
      content = gunzip(bytes);
      gzip = true;
    } catch (e) {
      throw new UnreadableInputError(name, `looks like gzip but cannot be decompressed (${(e as Error).message})`);
    }
  }
  const { body, text } = await parseContent(name, content, fileIndex, gzip);
  const sha256 = await sha256Pending;
  const input: ParsedInput = {
    name,
    format: gzip ? `${body.format}+gzip` : body.format,
    bytes: bytes.length,
    sha256,
    lines: body.lines,
    blank: body.blank,
    rejected: body.rejected,
    records: body.records,
    text,
    notes: body.notes,
  };
  return body.boundaries ? { ...input, boundaries: body.boundaries } : input;
}

/** Binary formats are told apart by their magic bytes; everything else is text, detected from its content. */
async function parseContent(name: string, content: Uint8Array, fileIndex: number, gzip: boolean): Promise<{ body: FormatBody; text: string }> {
  if (isZip(content)) {
    let zip: Record<string, Uint8Array>;
    try {
      zip = unzipInspectEval(content);
    } catch (e) {
      throw new UnreadableInputError(name, `looks like a zip archive but cannot be opened (${(e as Error).message})`);
    }
    if (!isInspectEvalZip(Object.keys(zip))) {
      throw new UnreadableInputError(name, 'a zip archive without header.json or _journal/start.json, so not an Inspect AI .eval log; Seqscope reads no other zip');
    }
    const body = parseInspectEval(zip, name, fileIndex);
    return { body, text: body.text };
  }
  if (isSqlite(content)) {
    try {
      const body = await parseAgentsSqlite(content, name, fileIndex);
      return { body, text: body.text };
    } catch (e) {
      const why = e instanceof NotAgentsSessionError ? e.message : `a SQLite database that cannot be read (${(e as Error).message})`;
      throw new UnreadableInputError(name, why);
    }
  }
  const decoded = decodeText(content, gzip);
  const { format, probe } = detectTextFormat(decoded.text);
  return { body: format.parse(decoded.text, name, fileIndex, probe), text: decoded.text };
}
