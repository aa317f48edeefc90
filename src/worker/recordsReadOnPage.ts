import type { SeqRecord } from '../core/model';
import { blobIsGzip, contentOf } from './contentStream';
import { DEFAULT_LIMITS, formatSize } from '../io/limits';
import { readNativeStream } from '../io/readNativeStream';
import { PageReadError } from './pageRecords';

/** At most this many bytes between two yields to the page's event loop (about 10–20 ms of parsing); the browser's own chunks are often smaller. */
const SLICE_BYTES = 256 * 1024;

/**
 * In the page: the records of a native JSON Lines file the worker is
 * streaming, read by the page itself from the same file with the same
 * reader. Handing every record line on from the worker cost it about a
 * third of its reading (collecting, joining and posting 130 MB of text);
 * reading the file again here costs the worker nothing. The reader is pure
 * and reads alike however its chunks are cut, so the same bytes give the
 * same records at the same places; the page checks their count against the
 * worker's (PageReads.recordsFor). A gzip is decompressed here too.
 */
export async function readRecordsOnPage(file: Blob, name: string, fileIndex: number, yieldBetween: () => Promise<void>): Promise<readonly SeqRecord[]> {
  try {
    const stream = contentOf(file.stream(), await blobIsGzip(file));
    async function* slices() {
      const reader = stream.getReader();
      let bytes = 0;
      try {
        for (let r = await reader.read(); !r.done; r = await reader.read()) {
          // Where the worker refuses the file, so must the page, rather than read on for an answer that will not need it.
          if ((bytes += r.value.length) > DEFAULT_LIMITS.maxContentBytes) throw new Error(`more than ${formatSize(DEFAULT_LIMITS.maxContentBytes)} of content, the limit for one input`);
          for (let at = 0; at < r.value.length; at += SLICE_BYTES) {
            yield r.value.subarray(at, at + SLICE_BYTES);
            await yieldBetween();
          }
        }
      } finally {
        // Stopped early (superseded, not wanted, too large): a gzip's decompressor lets go of what it holds.
        void reader.cancel().catch(() => undefined);
      }
    }
    return (await readNativeStream(slices(), name, fileIndex, { compact: false })).records;
  } catch (e) {
    // A load superseded or cancelled meanwhile stops here too (its `yieldBetween` throws), and no one reads the message then.
    throw new PageReadError(name, e instanceof Error ? e.message : String(e), { cause: e });
  }
}
