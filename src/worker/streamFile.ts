import { NOT_HASHED } from '../core/fileHash';
import { noteUnhashed } from './unhashedFiles';
import { STREAM_MIN_BYTES, STREAM_MIN_GZIP_BYTES } from './streamSizes';
import type { ParsedInput } from '../core/model';
import { blobIsGzip, contentOf } from './contentStream';
import { plural } from '../core/countText';
import { DEFAULT_LIMITS, formatSize, type InputLimits } from '../io/limits';
import { SPLIT_ADVICE, UnreadableInputError } from '../io/loadInput';
import { streamedInput, type StreamedBody } from '../io/readNativeStream';
import { readNativeColumns } from '../io/readNativeColumns';
import type { RecordColumns } from '../core/recordColumns';
import { streamReaderOf } from '../io/streamReader';
import { holdsLineBreak, STREAM_HEAD_BYTES, STREAM_HEAD_MAX_BYTES, streamedFormatOf } from '../io/streamDetect';

export { STREAM_MIN_BYTES, STREAM_MIN_GZIP_BYTES } from './streamSizes';

/** Decompressed bytes gathered before they become one part of the content Blob (a gzip's content is kept as a Blob, not on the heap). */
const BLOB_PART_BYTES = 8 * 1024 * 1024;

const PIECE_BYTES = 1024 * 1024;

/** The gzip decompressor failed: the caller reads the file whole, whose reader says exactly what is wrong (cut off, damaged, several members). */
export class GzipStreamError extends Error {}

export interface StreamProgress {
  /** Bytes of the file read so far (compressed, for a gzip). */
  readonly fileBytes: number;
  readonly records: number;
}

/** A file read as a stream, and whether the page reads its records itself (`onReadOnPage` was called). */
export interface StreamedFile {
  readonly input: ParsedInput;
  readonly readOnPage: boolean;
  /**
   * Given when the page reads the records itself: they are here as a table
   * (readNativeColumns) and `input.records` is empty, for the worker analyses
   * the table and sends none of them.
   */
  readonly columns?: RecordColumns;
}

/**
 * Reads JSON Lines the CLI would stream too — native records or a Codex
 * rollout, gzipped or not — as a stream of chunks, never as one buffer:
 * SHA-256 over the file's bytes as they pass, a gzip through
 * DecompressionStream, records without text (their byte offsets point into
 * the content, which stays a Blob for the raw lines asked for later). Records
 * keep every parsed field, as a whole-file read does: a comparison of two
 * runs compares whole records, and one file read each way must compare equal.
 * Only of a native file are the page told to read the records itself (a
 * rollout's records are made from its lines once it has ended, in one pass
 * the page would repeat for nothing). Returns null when the
 * file is small or the head of its content is neither format: that file is
 * read whole instead. Throws GzipStreamError when the decompressor fails.
 */
export async function streamJsonLinesFile(
  file: Blob,
  name: string,
  fileIndex: number,
  onProgress: (p: StreamProgress) => void,
  limits: InputLimits = DEFAULT_LIMITS,
  /** The file's SHA-256 when the page knows it already (it hashed the same file for an earlier view). */
  knownSha256: string | null = null,
  /** Given, called once the file is known to be native JSON Lines, before its lines are read: the page then reads the same records from the same file (recordsReadOnPage.ts). */
  onReadOnPage?: () => void,
): Promise<StreamedFile | null> {
  if (file.size < STREAM_MIN_GZIP_BYTES) return null;
  const gzip = await blobIsGzip(file);
  if (file.size < (gzip ? STREAM_MIN_GZIP_BYTES : STREAM_MIN_BYTES)) return null;
  let fileBytes = 0;
  const counting = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      fileBytes += chunk.length;
      controller.enqueue(chunk);
    },
  });
  const raw = file.stream().pipeThrough(counting);
  const reader = contentOf(raw, gzip).getReader();
  let contentBytes = 0;
  const blobParts: Blob[] = [];
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  const next = async (): Promise<Uint8Array | null> => {
    let r: ReadableStreamReadResult<Uint8Array>;
    try {
      r = await reader.read();
    } catch (e) {
      if (gzip) throw new GzipStreamError(e instanceof Error ? e.message : String(e));
      throw e;
    }
    if (r.done) return null;
    contentBytes += r.value.length;
    if (contentBytes > limits.maxContentBytes) {
      void reader.cancel();
      throw new UnreadableInputError(
        name,
        `a gzip file that decompresses to more than ${formatSize(limits.maxContentBytes)}, the limit for one input; refused before inflating further. ${SPLIT_ADVICE}`,
      );
    }
    if (gzip) {
      pending.push(r.value);
      pendingBytes += r.value.length;
      if (pendingBytes >= BLOB_PART_BYTES) {
        blobParts.push(new Blob(pending as Uint8Array<ArrayBuffer>[]));
        pending = [];
        pendingBytes = 0;
      }
    }
    return r.value;
  };

  const head: Uint8Array[] = [];
  let headBytes = 0;
  let ended = false;
  // Detection needs the first line whole, and a native record with a large payload can be longer than the head.
  let lineEnded = false;
  while (headBytes < STREAM_HEAD_BYTES || (!lineEnded && headBytes < STREAM_HEAD_MAX_BYTES)) {
    const chunk = await next();
    if (chunk === null) {
      ended = true;
      break;
    }
    head.push(chunk);
    headBytes += chunk.length;
    lineEnded ||= holdsLineBreak(chunk);
  }
  const format = streamedFormatOf(new Uint8Array(await new Blob(head as Uint8Array<ArrayBuffer>[]).arrayBuffer()), ended);
  if (format === null) {
    void reader.cancel().catch(() => undefined);
    return null;
  }
  // Pieces of at most a mebibyte, whatever size the platform reads at a time, so progress moves and one decode stays small.
  const pieces = function* (chunk: Uint8Array) {
    for (let at = 0; at < chunk.length; at += PIECE_BYTES) yield chunk.subarray(at, at + PIECE_BYTES);
  };
  const chunks = async function* () {
    for (const c of head) yield* pieces(c);
    if (ended) return;
    for (let c = await next(); c !== null; c = await next()) yield* pieces(c);
  };
  const onChunk = (_: number, records: number) => onProgress({ fileBytes, records });
  const readOnPage = format === 'native' && onReadOnPage !== undefined;
  if (readOnPage) onReadOnPage();
  let body: StreamedBody;
  let columns: RecordColumns | undefined;
  if (readOnPage) {
    const { columns: table, parsedLines: _, ...rest } = await readNativeColumns(chunks(), name, fileIndex, limits, gzip ? 0 : file.size, onChunk);
    body = { ...rest, format: 'native-jsonl', records: [] };
    columns = table;
  } else body = await streamReaderOf(format)(chunks(), name, fileIndex, { compact: false, limits, onChunk });
  // A gzip whose data ends before the file does is read whole, which says why.
  if (fileBytes !== file.size) throw new GzipStreamError(`${plural(file.size - fileBytes, 'byte')} after the end of the gzip data`);
  if (pending.length > 0) blobParts.push(new Blob(pending as Uint8Array<ArrayBuffer>[]));
  // The content's SHA-256 is left to sameOpenLog: hashing it here would add about a quarter to a gzip's read, for the rare input that repeats another.
  const content = gzip ? { contentBytes } : {};
  const input = streamedInput(body, { name, gzip, bytes: file.size, sha256: knownSha256 ?? NOT_HASHED, ...content }, { content: gzip ? new Blob(blobParts) : file, rawLines: new Map() });
  if (knownSha256 === null) noteUnhashed(input, file);
  return columns ? { input, readOnPage, columns } : { input, readOnPage };
}
