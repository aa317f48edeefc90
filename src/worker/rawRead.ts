/** Spans closer than this are read with one slice of the content. */
const MERGE_GAP = 64 * 1024;

/**
 * Raw lines of a streamed input, read back from its content: byte spans
 * (flat offset/length pairs) to text, decoded as the reader decoded them
 * (invalid UTF-8 as U+FFFD). Nearby spans share one read.
 */
export async function readSpans(content: Blob, spans: readonly number[]): Promise<string[]> {
  const count = spans.length / 2;
  const order = Array.from({ length: count }, (_, i) => i).sort((a, b) => spans[2 * a]! - spans[2 * b]!);
  const texts: string[] = new Array<string>(count).fill('');
  const decoder = new TextDecoder('utf-8');
  for (let k = 0; k < order.length; ) {
    const from = spans[2 * order[k]!]!;
    let to = from + spans[2 * order[k]! + 1]!;
    let end = k + 1;
    while (end < order.length && spans[2 * order[end]!]! <= to + MERGE_GAP) {
      to = Math.max(to, spans[2 * order[end]!]! + spans[2 * order[end]! + 1]!);
      end++;
    }
    const bytes = new Uint8Array(await content.slice(from, to).arrayBuffer());
    for (let j = k; j < end; j++) {
      const i = order[j]!;
      const at = spans[2 * i]! - from;
      texts[i] = decoder.decode(bytes.subarray(at, at + spans[2 * i + 1]!));
    }
    k = end;
  }
  return texts;
}
