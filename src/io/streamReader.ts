import { readCodexStream } from './parseCodexRollout';
import { readNativeStream } from './readNativeStream';

/** A reader of JSON Lines from a stream of byte chunks; the options are readNativeStream's. */
export type StreamReader = typeof readNativeStream;

/** The reader for the format streamedFormatOf chose, for the CLI, the page's worker and the fuzz check alike. */
export function streamReaderOf(format: 'native' | 'codex'): StreamReader {
  return format === 'native' ? readNativeStream : readCodexStream;
}
