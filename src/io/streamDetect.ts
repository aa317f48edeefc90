import { detectTextFormat } from './detect';

/** Bytes of content looked at to decide whether an input can be streamed. */
export const STREAM_HEAD_BYTES = 64 * 1024;

/**
 * Whether content that starts with `head` is JSON Lines of native records,
 * which can be read as a stream (line by line, without holding the text):
 * detected as native, the first line a whole JSON object, and not a
 * `{"records": [...]}` document. UTF-16 and every other format are read whole.
 * The CLI and the page's worker decide the same way.
 */
export function looksLikeNativeLines(head: Uint8Array): boolean {
  if (head.length >= 2 && ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff))) return false;
  const text = new TextDecoder().decode(head);
  const { format, probe } = detectTextFormat(text);
  const first = probe.firstValue;
  return (
    format.id === 'native' &&
    first !== null &&
    typeof first === 'object' &&
    !Array.isArray(first) &&
    !Array.isArray((first as { records?: unknown }).records)
  );
}
