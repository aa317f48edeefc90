import { formatCount } from '../core/countText';
import type { InputNote, ParsedInput } from '../core/model';
import { decodeText, isGzipInput, isZip } from './decode';
import { detectTextFormat } from './detect';
import type { FormatBody } from './formats';
import { ContentTooLargeError, gunzipCapped, GzipCutOffError, gzipProblemNote } from './gzip';
import { DEFAULT_LIMITS, formatSize, type InputLimits } from './limits';
import { hasZipEnd, isInspectEvalZip, unzipInspectEval } from './inspectZip';
import { parseInspectEval } from './parseInspectLog';
import { isSqlite, NotAgentsSessionError, parseAgentsSqlite } from './parseAgentsSqlite';
import { encodingNotes } from './encodingNotes';
import { parsedInput } from './parsedInput';
import { sha256Hex } from './sha256';
import { UnknownDocumentError } from './unknownDocument';

/**
 * A file of which nothing at all can be read. `message` is `name: reason`;
 * `reason` says why without the name, for a caller that names the file itself
 * (`seqscope: cannot read NAME: REASON`, the page's `NAME: REASON` alert).
 */
export class UnreadableInputError extends Error {
  constructor(
    readonly fileName: string,
    readonly reason: string,
    /** True when a reader failed where it should not (a bug in Seqscope), not because of the file. */
    readonly internal = false,
  ) {
    super(`${fileName}: ${reason}`);
  }
}

/** Content over the limit for one input read whole; a reader that knows the size before reading says it before reading. */
export function tooLargeForOneInput(name: string, bytes: number, limits: InputLimits = DEFAULT_LIMITS): UnreadableInputError {
  return new UnreadableInputError(name, `${formatCount(bytes)} bytes, over the ${formatSize(limits.maxContentBytes)} limit for one input (its text must fit in one JavaScript string). ${SPLIT_ADVICE}`);
}

/**
 * Bytes of one input to the core model, with its accounting. Throws
 * UnreadableInputError, whose message starts with the file name, only when
 * nothing at all can be read: a damaged gzip stream, a zip that is no eval
 * log, a SQLite file without session tables, one JSON document in no format
 * (unknownDocument.ts), content over the size limit (docs/limits.md). A bad line never throws; neither does any other input.
 * Reasons, notes and boundary labels quote log text with control and
 * direction-changing characters escaped, so printing them is safe.
 */
export async function loadInput(name: string, bytes: Uint8Array, fileIndex: number, limits: InputLimits = DEFAULT_LIMITS): Promise<ParsedInput> {
  // Web Crypto hashes off the calling thread, so parsing proceeds meanwhile.
  const sha256Pending = sha256Hex(bytes);
  sha256Pending.catch(() => undefined);
  let read: Content;
  try {
    read = await readContent(name, bytes, fileIndex, limits);
  } catch (e) {
    if (e instanceof UnreadableInputError) throw e;
    // Any other exception is a bug in a reader; the page and the CLI must still be told which file, in words.
    throw new UnreadableInputError(name, `Seqscope failed while reading it (${e instanceof Error ? e.message : String(e)}); this is a bug in Seqscope`, true);
  }
  const { body, text, notes, gzip, inflated } = read;
  const sha256 = await sha256Pending;
  const content = inflated ? { contentBytes: inflated.bytes, contentSha256: await inflated.sha256 } : {};
  return parsedInput({ ...body, notes: [...notes, ...body.notes] }, { name, gzip, bytes: bytes.length, sha256, ...content }, text);
}

interface Content {
  readonly body: FormatBody;
  readonly text: string;
  /** What the container or the encoding says about the whole input, before the format's own notes. */
  readonly notes: InputNote[];
  readonly gzip: boolean;
  /** What a gzip decompressed to, which makes it the same log as a plain copy (io/sameLog.ts). */
  readonly inflated?: { readonly bytes: number; readonly sha256: Promise<string> };
}

async function readContent(name: string, bytes: Uint8Array, fileIndex: number, limits: InputLimits): Promise<Content> {
  const { content, gzip, notes, inflated } = inflate(name, bytes, limits);
  const read = await readInflated(name, content, gzip, fileIndex, limits, notes);
  return inflated ? { ...read, inflated } : read;
}

function inflate(name: string, bytes: Uint8Array, limits: InputLimits): { content: Uint8Array; gzip: boolean; notes: InputNote[]; inflated?: Content['inflated'] } {
  const notes: InputNote[] = [];
  if (!isGzipInput(bytes)) return { content: bytes, gzip: false, notes };
  let content: Uint8Array;
  try {
    const out = gunzipCapped(bytes, limits.maxContentBytes);
    content = out.bytes;
    if (out.problem) notes.push(gzipProblemNote(out.problem));
  } catch (e) {
    if (e instanceof ContentTooLargeError) throw new UnreadableInputError(name, `a gzip file that ${e.message}. ${SPLIT_ADVICE}`);
    if (e instanceof GzipCutOffError) throw new UnreadableInputError(name, e.message);
    throw new UnreadableInputError(name, `looks like gzip but cannot be decompressed (${(e as Error).message})`);
  }
  // Hashed off the calling thread while the content is parsed, as the file is.
  const sha256 = sha256Hex(content);
  sha256.catch(() => undefined);
  return { content, gzip: true, notes, inflated: { bytes: content.length, sha256 } };
}

/** The content (the file, or what its gzip decompresses to) to the model, with what the container said about it in `notes`. */
async function readInflated(name: string, content: Uint8Array, gzip: boolean, fileIndex: number, limits: InputLimits, notes: InputNote[]): Promise<Content> {
  if (content.length > limits.maxContentBytes) throw tooLargeForOneInput(name, content.length, limits);
  if (isZip(content)) {
    const body = readEvalZip(name, content, fileIndex, limits);
    return { body, text: body.text, notes, gzip };
  }
  if (isSqlite(content)) {
    try {
      const body = await parseAgentsSqlite(content, name, fileIndex, limits);
      return { body, text: body.text, notes, gzip };
    } catch (e) {
      const why = e instanceof NotAgentsSessionError ? e.message : `a SQLite database that cannot be read (${(e as Error).message})`;
      throw new UnreadableInputError(name, why);
    }
  }
  const decoded = decodeText(content, gzip);
  const { format, probe } = detectTextFormat(decoded.text, limits);
  let body: FormatBody;
  try {
    body = format.parse(decoded.text, name, fileIndex, probe, limits);
  } catch (e) {
    if (e instanceof UnknownDocumentError) throw new UnreadableInputError(name, e.message);
    throw e;
  }
  if (decoded.bomless16) {
    notes.push({ line: null, message: `has no byte-order mark but starts the way ${decoded.encoding.toUpperCase()} text does (every other byte NUL), so it was read as ${decoded.encoding.toUpperCase()}.` });
  }
  notes.push(...encodingNotes(decoded.invalidLines, decoded.encoding, body.format, { lines: body.lines, blank: body.blank, records: body.records.length }));
  return { body, text: decoded.text, notes, gzip };
}

export const SPLIT_ADVICE = 'Split it into smaller files (JSON Lines can be split at any line end); see docs/limits.md.';

const ZIP_CUT_OFF =
  'a zip archive whose end is missing (the central directory, which lists its members), so the file was probably cut off while being written or copied; ' +
  'copy it again once it is complete, or recover the members written before the cut with zip -FF (see docs/limits.md)';

function readEvalZip(name: string, content: Uint8Array, fileIndex: number, limits: InputLimits): FormatBody & { text: string } {
  let zip: ReturnType<typeof unzipInspectEval>;
  try {
    zip = unzipInspectEval(content, limits);
  } catch (e) {
    if (e instanceof ContentTooLargeError) throw new UnreadableInputError(name, `a zip archive whose members ${e.message}.`);
    if (!hasZipEnd(content)) throw new UnreadableInputError(name, ZIP_CUT_OFF);
    throw new UnreadableInputError(name, `looks like a zip archive but cannot be opened (${(e as Error).message})`);
  }
  if (!isInspectEvalZip(zip.names)) {
    throw new UnreadableInputError(name, 'a zip archive without header.json or _journal/start.json, so not an Inspect AI .eval log; Seqscope reads no other zip');
  }
  return parseInspectEval(zip, name, fileIndex, limits);
}
