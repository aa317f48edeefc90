import { bomlessUtf16 } from './decode';
import { detectTextFormat } from './detect';
import { lineEnd } from './lines';
import { codexRolloutFormat } from './parseCodexRollout';

/** Bytes of content looked at to decide whether an input can be streamed. */
export const STREAM_HEAD_BYTES = 64 * 1024;

/**
 * Bytes of content a head may grow to so that it holds a whole line: a
 * rollout's first line (its session_meta, with the model's instructions)
 * can be longer than STREAM_HEAD_BYTES.
 */
export const STREAM_HEAD_MAX_BYTES = 16 * 1024 * 1024;

/**
 * Whether content that starts with `head` is JSON Lines of native records,
 * which can be read as a stream (line by line, without holding the text):
 * detected as native, the first line a whole JSON object, not a
 * `{"records": [...]}` document, and not the opening line of one JSON
 * document written over several lines. UTF-16 and every other format are
 * read whole. The CLI and the page's worker decide the same way.
 */
export function looksLikeNativeLines(head: Uint8Array): boolean {
  if (isUtf16(head)) return false;
  const text = new TextDecoder().decode(head);
  const { format, probe } = detectTextFormat(text);
  const first = probe.firstValue;
  return (
    format.id === 'native' &&
    first !== null &&
    typeof first === 'object' &&
    !Array.isArray(first) &&
    !Array.isArray((first as { records?: unknown }).records) &&
    !opensDocument(text)
  );
}

/**
 * Whether the first line that holds something opens a document written over
 * several lines (a pretty-printed array, records object or unknown object),
 * whose inner lines may each parse as an object of their own: it is not JSON
 * by itself, and it starts an array or ends where a member or value is to
 * follow (`{`, `[`, `,`, `:`). The loader decides such a text from all of it.
 * A JSON Lines record cut off mid-write on the first line ends anywhere
 * else, so a log cut or rotated mid-line still streams.
 */
function opensDocument(text: string): boolean {
  const start = text.search(/\S/);
  if (start < 0 || (text[start] !== '[' && text[start] !== '{')) return false;
  const line = text.slice(start, lineEnd(text, start)).trimEnd();
  try {
    JSON.parse(line);
    return false;
  } catch {
    return text[start] === '[' || /[{[,:]$/.test(line);
  }
}

/**
 * Whether content that starts with `head` is a Codex CLI rollout, decided as
 * the whole-file loader decides (detectTextFormat) but from the head's whole
 * lines only (all of it when `complete`, the head being all the content), so
 * a line the head cuts off can never pass for something it is not.
 */
export function looksLikeCodexRollout(head: Uint8Array, complete: boolean): boolean {
  if (isUtf16(head)) return false;
  const end = complete ? head.length : lastLineBreak(head) + 1;
  if (end === 0) return false;
  return detectTextFormat(new TextDecoder().decode(head.subarray(0, end))).format.id === codexRolloutFormat.id;
}

/**
 * The JSON Lines format content starting with `head` can be streamed as, or null when it is read whole.
 * `complete`: the head is all the content. The CLI decides with it, and the fuzz tests check what it streams.
 */
export function streamedFormatOf(head: Uint8Array, complete: boolean): 'native' | 'codex' | null {
  if (looksLikeNativeLines(head)) return 'native';
  return looksLikeCodexRollout(head, complete) ? 'codex' : null;
}

/** Whether the head holds a line break, so at least its first line is whole. */
export function holdsLineBreak(head: Uint8Array): boolean {
  return head.indexOf(10) >= 0 || head.indexOf(13) >= 0;
}

function lastLineBreak(head: Uint8Array): number {
  return Math.max(head.lastIndexOf(10), head.lastIndexOf(13));
}

function isUtf16(head: Uint8Array): boolean {
  return (head.length >= 2 && ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff))) || bomlessUtf16(head) !== null;
}
