import { createReadStream, closeSync, openSync, readSync } from 'node:fs';
import type { Hash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { NativeLineReader } from '../io/nativeLineReader';
import { joinRanges, readerBody, readNativeRange, type RangeTotals } from '../io/nativeRange';
import { nodeAsciiText } from '../io/nodeAsciiText';
import type { RecordBatch } from '../io/rangeRecords';
import type { StreamedBody } from '../io/readNativeStream';
import { READ_CHUNK_BYTES, type RangeJob, type RangeMessage } from './rangeJob';

/**
 * The second thread's code: src/cli/rangeWorker.ts bundled on its own and
 * put into the CLI's bundle as a string by `define` (scripts/build-cli.mjs,
 * and scripts/bench.mjs for `npm run bench`). A string, not a file beside
 * the bundle: the bundle is the one file the package's bin runs, wherever
 * npm installed it, so there is nothing to find at run time. Where the
 * sources run as they are (vitest) or were bundled without it, there is no
 * second thread and a file is read in one.
 */
declare const SEQSCOPE_RANGE_WORKER: string | undefined;
const workerSource = typeof SEQSCOPE_RANGE_WORKER === 'string' ? SEQSCOPE_RANGE_WORKER : null;

const MiB = 1024 * 1024;
/**
 * Smaller files are read by one thread. Each thread's code starts cold and
 * V8 compiles and collects on the second core as well: on 2 cores, fresh
 * `seqscope check` runs of 45 MB took 15% longer on two threads, of 90 MB
 * as long, of 178 MB about 10% less.
 */
const SPLIT_FROM_BYTES = 96 * MiB;
/**
 * The share of the file the main thread reads. Less than half: it also
 * hashes the whole file and builds the other range's records from their
 * batches, while the second thread reads, parses and encodes its range.
 */
const MAIN_SHARE = 0.45;
/** A line break is looked for this far past the planned cut; a file whose lines are longer is read by one thread. */
const CUT_SEARCH_BYTES = 64 * MiB;

/** Whether a plain file of `size` bytes is read in two ranges: SEQSCOPE_SPLIT_READ_BYTES sets the least size (tests read small files so). */
export function splitsRead(size: number): boolean {
  if (workerSource === null) return false;
  const least = process.env.SEQSCOPE_SPLIT_READ_BYTES;
  return size >= (least === undefined || least === '' ? SPLIT_FROM_BYTES : Number(least));
}

/**
 * Where the second range starts: just after the first `\n` at or past the
 * planned share of the file, and not before `from` (bytes already read);
 * null when there is no such line break before the end. A `\n` is always a
 * line's end (no UTF-8 sequence holds that byte, and after it no `\r\n` can
 * be cut in two).
 */
export function secondRangeStart(file: string, size: number, from: number): number | null {
  const target = Math.max(from, Math.floor(size * MAIN_SHARE));
  const fd = openSync(file, 'r');
  try {
    const buf = Buffer.allocUnsafe(1 << 16);
    for (let at = target; at < size && at - target < CUT_SEARCH_BYTES; ) {
      const n = readSync(fd, buf, 0, buf.length, at);
      if (n <= 0) return null;
      const lf = buf.subarray(0, n).indexOf(10);
      if (lf >= 0) return at + lf + 1 < size ? at + lf + 1 : null;
      at += n;
    }
    return null;
  } finally {
    closeSync(fd);
  }
}

/** The second thread, reading the range of `job` while this one reads the first. */
export class SecondRange {
  readonly batches: RecordBatch[] = [];
  /** Its totals, or null when it failed (the main thread then reads the range itself). */
  readonly done: Promise<RangeTotals | null>;

  private constructor(
    private readonly worker: Worker,
    onBytes: (bytes: number) => void,
  ) {
    this.done = new Promise((resolve) => {
      worker.on('message', (m: RangeMessage) => {
        if ('batch' in m) {
          this.batches.push(m.batch);
          onBytes(m.bytes);
        } else resolve('totals' in m ? m.totals : null);
      });
      worker.on('error', () => resolve(null));
      worker.on('exit', () => resolve(null));
    });
  }

  /** Null when a second thread cannot be had: none was built in, or Node could not start it. */
  static start(job: RangeJob, onBytes: (bytes: number) => void): SecondRange | null {
    if (workerSource === null) return null;
    try {
      return new SecondRange(new Worker(workerSource, { eval: true, workerData: job }), onBytes);
    } catch {
      return null;
    }
  }

  stop(): void {
    void this.worker.terminate();
  }
}

/**
 * A native file read in two ranges at once: `first`, its bytes up to
 * `job.start` (hashed by the caller as they pass into `hash`), on this
 * thread, the rest on `second`. The body is exactly the one a single read
 * gives. This thread then hashes the second range from the file while the
 * other may still be reading it: both read the bytes that were on disk,
 * and if the file changed between the two reads (a log still being
 * written), or the second thread failed, this thread reads the range again
 * itself. Returns the body, the file's SHA-256 and its bytes.
 */
export async function readTwoRanges(
  first: AsyncIterable<Uint8Array>,
  second: SecondRange,
  job: RangeJob,
  hash: Hash,
  onBytes: (bytes: number) => void,
): Promise<{ body: StreamedBody; sha256: string; bytes: number }> {
  try {
    const reader = new NativeLineReader(job.name, job.index, job.limits, true);
    const firstLines = await readNativeRange(first, reader, 0, job.limits, { asciiText: nodeAsciiText });
    const atStart = hash.copy();
    let hashed = await hashFile(job.file, job.start, Infinity, hash);
    const totals = await second.done;
    if (totals !== null && totals.contentBytes > hashed) hashed += await hashFile(job.file, job.start + hashed, job.start + totals.contentBytes, hash);
    if (totals !== null && totals.contentBytes === hashed) {
      return { body: joinRanges(reader, firstLines, second.batches, totals), sha256: hash.digest('hex'), bytes: job.start + hashed };
    }
    second.stop();
    second.batches.length = 0;
    const rest = createReadStream(job.file, { start: job.start, highWaterMark: READ_CHUNK_BYTES });
    const restLines = await readNativeRange(hashedChunks(rest, atStart), reader, job.start, job.limits, { asciiText: nodeAsciiText, afterChunk: onBytes });
    const body = readerBody(reader, [...firstLines.invalidLines, ...restLines.invalidLines], firstLines.contentBytes + restLines.contentBytes);
    return { body, sha256: atStart.digest('hex'), bytes: job.start + restLines.contentBytes };
  } finally {
    second.stop();
  }
}

/** The chunks as they are, each into `hash` on its way. */
async function* hashedChunks(chunks: AsyncIterable<Buffer>, hash: Hash): AsyncIterable<Buffer> {
  for await (const chunk of chunks) {
    hash.update(chunk);
    yield chunk;
  }
}

/** Bytes `[from, to)` of `file` (to its end when `to` is past it) into `hash`; how many there were. */
async function hashFile(file: string, from: number, to: number, hash: Hash): Promise<number> {
  if (to <= from) return 0;
  let n = 0;
  const end = to === Infinity ? undefined : to - 1;
  for await (const chunk of createReadStream(file, { start: from, end, highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    n += chunk.length;
  }
  return n;
}
