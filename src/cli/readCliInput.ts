import { createHash } from 'node:crypto';
import { createReadStream, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { constants as zlibConstants, createGunzip } from 'node:zlib';
import { plural } from '../core/countText';
import type { ParsedInput } from '../core/index';
import { isGzip } from '../io/decode';
import { GZIP_FOLLOWED_BY_OTHER_BYTES, gzipCutOffProblem, gzipProblemNote } from '../io/gzip';
import { DEFAULT_LIMITS, formatSize } from '../io/limits';
import { loadInput, tooLargeForOneInput, UnreadableInputError } from '../io/loadInput';
import { nodeAsciiText } from '../io/nodeAsciiText';
import { streamedInput } from '../io/readNativeStream';
import { streamReaderOf, type StreamReader } from '../io/streamReader';
import type { CliProgress } from './progress';
import { holdsLineBreak, STREAM_HEAD_BYTES, STREAM_HEAD_MAX_BYTES, streamedFormatOf } from '../io/streamDetect';


/**
 * One CLI input. Native JSON Lines and Codex rollouts (gzipped or not) are
 * streamed: hashed and parsed chunk by chunk into compact records, so memory
 * grows with the number of records, not with the file, and a file larger
 * than memory can be checked. Everything else, and any run that quotes raw
 * lines (a report, a comparison), reads the whole file through the same
 * loader as the page.
 */
export async function readCliInput(file: string, index: number, stream: boolean, progress: CliProgress | null = null): Promise<ParsedInput> {
  const name = file === '-' ? '<stdin>' : file;
  // Reads under 1 MB: Node makes the text of a larger chunk a string outside V8's heap, which held on to 50 MB more.
  const source: AsyncIterable<Buffer> = file === '-' ? process.stdin : createReadStream(file, { highWaterMark: 1 << 19 });
  const total = file === '-' ? null : regularFileSize(file);
  let bytes = 0;
  // The last bytes read: a gzip's trailer, and what follows it.
  let tail = Buffer.alloc(0);
  let raw: Buffer[] = [];
  let keepRaw = true;
  progress?.startFile();
  const rawIter = (async function* () {
    for await (const chunk of source) {
      bytes += chunk.length;
      tail = Buffer.concat([tail, chunk.subarray(-TAIL_BYTES)]).subarray(-TAIL_BYTES);
      progress?.reading(name, bytes, total);
      if (keepRaw) raw.push(chunk);
      yield chunk;
    }
  })();

  let headLength = 0;
  let ended = false;
  const readHead = async (until: number) => {
    while (!ended && headLength < until) {
      const next = await rawIter.next();
      if (next.done) ended = true;
      else headLength += next.value.length;
    }
  };
  await readHead(STREAM_HEAD_BYTES);
  const headBytes = () => new Uint8Array(Buffer.concat(raw));
  const gzip = isGzip(headBytes());
  const contentOf = async () => (gzip ? gunzipHead(headBytes(), STREAM_HEAD_MAX_BYTES) : { bytes: headBytes(), cut: false });
  const streamReader = async (): Promise<StreamReader | null> => {
    let content = await contentOf();
    // Detection needs a whole line; a first line (a rollout's session_meta, a native record with a large payload) can be longer than the head.
    while (content !== null && !ended && !holdsLineBreak(content.bytes) && content.bytes.length < STREAM_HEAD_MAX_BYTES) {
      await readHead(headLength + 1);
      content = await contentOf();
    }
    if (content === null) return null;
    const format = streamedFormatOf(content.bytes, ended && !content.cut);
    return format === null ? null : streamReaderOf(format);
  };
  const read = stream ? await streamReader() : null;
  if (!read) {
    // Content read whole must fit the loader's limit: a plain file over it is refused before it is read (a
    // 5 GiB file was read whole, then failed inside Node), standard input as soon as it passes it.
    const limit = DEFAULT_LIMITS.maxContentBytes;
    if (!gzip && total !== null && total > limit) throw tooLargeForOneInput(name, total);
    for await (const _chunk of rawIter) if (!gzip && bytes > limit) throw tooLargeForOneInput(name, bytes);
    // One copy of the file while it is parsed, not three (the chunks, their concatenation, a Uint8Array copied from it).
    const whole = Buffer.concat(raw);
    raw = [];
    return loadInput(name, new Uint8Array(whole.buffer, whole.byteOffset, whole.length), index);
  }

  const headChunks = raw;
  keepRaw = false;
  raw = [];
  // Hashed only here: the loader that reads a whole file hashes what it reads itself.
  const hash = createHash('sha256');
  const chained = (async function* () {
    for (const chunk of headChunks.splice(0)) {
      hash.update(chunk);
      yield chunk;
    }
    for await (const chunk of rawIter) {
      hash.update(chunk);
      yield chunk;
    }
  })();
  let inflated = 0;
  let cutOff = false;
  // What a gzip decompresses to is what makes it the same log as a plain copy; Node hashes at about 2 GB/s, far faster than gunzip.
  const contentHash = createHash('sha256');
  const counted = async function* (content: AsyncIterable<Buffer>) {
    try {
      for await (const chunk of content) {
        inflated += chunk.length;
        contentHash.update(chunk);
        yield chunk;
      }
    } catch (e) {
      // Cut off while being written: gunzip has handed on all it could decompress, and the log ends there.
      if ((e as NodeJS.ErrnoException).code !== 'Z_BUF_ERROR') throw e;
      cutOff = true;
    }
  };
  // Larger pieces than gunzip's 16 KiB: fewer turns through the reader, and each still decodes on V8's heap.
  const gunzip = gzip ? createGunzip({ chunkSize: 1 << 18 }) : null;
  const chunks: AsyncIterable<Uint8Array> = gunzip ? counted(Readable.from(chained).pipe(gunzip)) : chained;
  // A gzip cut off or damaged past its head: the whole-file loader keeps what it holds and says what is
  // wrong, as it does for a report. Only a regular file of the size just streamed can be read again for
  // it (a pipe given as a path has been drained, and would read as empty), and only when that loader
  // would not refuse it anyway.
  const canReadAgain = () => total !== null && total === bytes && total <= DEFAULT_LIMITS.maxContentBytes && inflated <= DEFAULT_LIMITS.maxContentBytes && regularFileSize(file) === total;
  let body;
  try {
    body = await read(chunks, name, index, { compact: true, asciiText: nodeAsciiText });
  } catch (e) {
    if (gzip && (e as NodeJS.ErrnoException).code?.startsWith('Z_')) {
      if (canReadAgain()) return loadInput(name, new Uint8Array(await readFile(file)), index);
      throw new UnreadableInputError(name, gzipDamagedPastHead(e as Error, inflated, total === null));
    }
    throw e;
  }
  // Bytes after the gzip data that gunzip passed over without a word (zeros padding the file, say) are said, as the loader says them.
  const problem = cutOff ? (oneByteAfterTrailer(tail, inflated) ? GZIP_FOLLOWED_BY_OTHER_BYTES : gzipCutOffProblem(inflated)) : gunzip && gunzip.bytesWritten < bytes ? GZIP_FOLLOWED_BY_OTHER_BYTES : null;
  if (problem !== null) {
    if (canReadAgain()) return loadInput(name, new Uint8Array(await readFile(file)), index);
    // Standard input, or content past the loader's limit: what was streamed is all there is, said as the loader says it.
    body = { ...body, notes: [gzipProblemNote(problem), ...body.notes] };
  }
  const content = gzip ? { contentBytes: inflated, contentSha256: contentHash.digest('hex') } : {};
  return streamedInput(body, { name, gzip, bytes, sha256: hash.digest('hex'), ...content });
}

/** A gzip's trailer (its CRC-32 and size) and one byte after it. */
const TAIL_BYTES = 9;

/**
 * Whether a gzip that gunzip says ends early is a whole member and one byte
 * more: gunzip takes any byte after a member but zero for the start of the
 * next, and one byte is too short to be refused as a header ("unexpected end
 * of file" where two bytes give "incorrect header check"). The size in the
 * trailer before it is the size decompressed; 0x1f may start a next member
 * that was cut off, as the loader takes it too.
 */
function oneByteAfterTrailer(tail: Buffer, inflated: number): boolean {
  return tail.length === TAIL_BYTES && tail[TAIL_BYTES - 1] !== 0x1f && tail.readUInt32LE(4) === inflated % 2 ** 32;
}

/**
 * Why a gzip that streamed well at first is refused: it cannot be read again
 * whole, which would keep what gunzip had decompressed and say what is wrong.
 * zlib's own words ("incorrect header check" for bytes after the gzip data)
 * tell a user nothing of what happened, nor what to do.
 */
export function gzipDamagedPastHead(e: Error, inflated: number, isPipe: boolean): string {
  const what = /header check|unknown compression method/.test(e.message)
    ? 'is followed by bytes that are not gzip'
    : /data check|length check/.test(e.message)
      ? 'does not match its CRC-32 or size, so it is damaged'
      : `is damaged (zlib: ${e.message})`;
  const whyNotAgain = isPipe ? 'a pipe cannot be read a second time' : `its content is over the ${formatSize(DEFAULT_LIMITS.maxContentBytes)} limit for reading it whole`;
  return `the gzip data ${what} (found after ${plural(inflated, 'byte')} had been decompressed); ${whyNotAgain} to keep what came before, so nothing of it is analysed. Decompress it with gunzip -c into a file (gunzip keeps what it can) and check that file`;
}

/**
 * The start of what a gzip head decompresses to, at most `maxBytes` (a
 * small head of a repetitive log can inflate to hundreds of megabytes);
 * `cut` when there was more. A head that ends inside the gzip data gives
 * what it holds; null when it cannot be inflated (the loader says why).
 */
async function gunzipHead(head: Uint8Array, maxBytes: number): Promise<{ bytes: Uint8Array; cut: boolean } | null> {
  const parts: Buffer[] = [];
  let length = 0;
  let cut = false;
  try {
    for await (const part of Readable.from([head]).pipe(createGunzip({ finishFlush: zlibConstants.Z_SYNC_FLUSH })) as AsyncIterable<Buffer>) {
      parts.push(part);
      length += part.length;
      if (length >= maxBytes) {
        cut = true;
        break;
      }
    }
  } catch {
    return null;
  }
  return { bytes: new Uint8Array(Buffer.concat(parts)), cut };
}

/** A regular file's size; null for anything else (a pipe, a device) or when it cannot be had (the read then says why). */
function regularFileSize(file: string): number | null {
  try {
    const stat = statSync(file);
    return stat.isFile() ? stat.size : null;
  } catch {
    return null;
  }
}
