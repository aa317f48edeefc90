/**
 * The second thread of a split read (splitRead.ts): reads the file from
 * byte `start` to its end as the main thread would, and posts its records
 * as RecordBatches (their columns moved, not copied), then the range's
 * totals. Bundled alone into a string that the CLI's bundle carries (see
 * scripts/build-cli.mjs), so this file is an entry point, never imported.
 */
import { createReadStream } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { readRangeBatches } from '../io/nativeRange';
import { nodeAsciiText } from '../io/nodeAsciiText';
import { batchBuffers } from '../io/rangeRecords';
import { READ_CHUNK_BYTES, type RangeJob, type RangeMessage } from './rangeJob';

async function run(job: RangeJob, port: NonNullable<typeof parentPort>): Promise<void> {
  const post = (m: RangeMessage, transfer: ArrayBuffer[] = []) => port.postMessage(m, transfer);
  try {
    const chunks = createReadStream(job.file, { start: job.start, highWaterMark: READ_CHUNK_BYTES });
    const totals = await readRangeBatches(chunks, job.name, job.index, job.start, job.limits, (batch, bytes) => post({ batch, bytes }, batchBuffers(batch)), {
      asciiText: nodeAsciiText,
    });
    post({ totals });
  } catch (e) {
    post({ error: e instanceof Error ? e.message : String(e) });
  }
}

if (parentPort) void run(workerData as RangeJob, parentPort);
