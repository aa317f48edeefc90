export interface LineRanges {
  readonly starts: readonly number[];
  readonly ends: readonly number[];
  readonly count: number;
}

/**
 * Splits text into lines without copying: each line is a [start, end) range.
 * `\n`, `\r\n` and a lone `\r` all end a line; a final line without a newline
 * still counts, and a trailing newline does not open an empty last line.
 */
export function lineRanges(text: string): LineRanges {
  const starts: number[] = [];
  const ends: number[] = [];
  const n = text.length;
  let start = 0;
  // Both searches are cached so a file without any \r is still scanned once.
  let nl = text.indexOf('\n');
  let cr = text.indexOf('\r');
  while (nl >= 0 || cr >= 0) {
    let end: number;
    let next: number;
    if (cr >= 0 && (nl < 0 || cr < nl)) {
      end = cr;
      next = text.charCodeAt(cr + 1) === 10 ? cr + 2 : cr + 1;
    } else {
      end = nl;
      next = nl + 1;
    }
    starts.push(start);
    ends.push(end);
    start = next;
    if (nl >= 0 && nl < next) nl = text.indexOf('\n', next);
    if (cr >= 0 && cr < next) cr = text.indexOf('\r', next);
  }
  if (start < n) {
    starts.push(start);
    ends.push(n);
  }
  return { starts, ends, count: starts.length };
}

export function isBlank(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 0xfeff) return false;
  }
  return true;
}

/** Where the line starting at `start` ends: the next `\n` or `\r`, or the end of the text. */
export function lineEnd(text: string, start: number): number {
  const nl = text.indexOf('\n', start);
  const cr = text.indexOf('\r', start);
  if (nl < 0 && cr < 0) return text.length;
  if (nl < 0) return cr;
  if (cr < 0) return nl;
  return Math.min(nl, cr);
}
