/** Complete lines of one chunk: `buf[starts[i], ends[i])`, at byte `base + starts[i]` of the stream. */
export interface LineBatch {
  readonly buf: Uint8Array;
  readonly starts: readonly number[];
  readonly ends: readonly number[];
  readonly base: number;
}

/**
 * Splits a stream of byte chunks into lines without holding the stream:
 * `\n`, `\r\n` and a lone `\r` end a line (as `lineRanges` does for text),
 * a final line without a newline counts, and a trailing newline does not open
 * an empty last line. Each line arrives with its byte offset in the stream;
 * a line longer than `maxLineBytes` arrives as `null` with its length, its
 * bytes dropped as they come, so one gigantic line cannot exhaust memory.
 */
export class ByteLineSplitter {
  private carry: Uint8Array = new Uint8Array(0);
  /** Chunks without a line break that continue `carry`, joined to it only once a line break comes. */
  private pending: Uint8Array[] = [];
  private pendingLength = 0;
  private carryStart = 0;
  private dropped = 0;
  private consumed = 0;
  private starts: number[] = [];
  private ends: number[] = [];

  /**
   * Lines arrive in order, in batches (one per chunk, so a reader can decode
   * many lines with one call), and a line over the limit on its own.
   */
  constructor(
    private readonly onBatch: (batch: LineBatch) => void,
    private readonly onOversized: (byteOffset: number, byteLength: number) => void,
    private readonly maxLineBytes: number,
    /**
     * Given, it is offered each chunk's complete lines first, as one region
     * `buf[0, end)` ending with a line break at byte `base` of the stream;
     * when it takes them (true) they are not split here. A reader that
     * decodes the region anyway and finds it all single-byte text can split
     * the text, whose places are then the bytes' places, and skip the
     * byte-by-byte search for line ends.
     */
    private readonly onRegion: ((buf: Uint8Array, end: number, base: number) => boolean) | null = null,
  ) {}

  push(chunk: Uint8Array): void {
    if (this.carry.length > 0 && this.dropped === 0 && this.carry[this.carry.length - 1] !== 13 && !holdsLineBreak(chunk)) {
      this.extendCarry(chunk);
      return;
    }
    this.joinPending();
    // A line carried over from the last chunk is joined with the start of this one only up to its end,
    // not with the whole chunk: copying every chunk once more cost as much as splitting it.
    if (this.carry.length > 0 && this.dropped === 0) {
      const next = firstLineEnd(chunk);
      if (next > 0 && next < chunk.length) {
        this.pushJoined(chunk.subarray(0, next));
        this.pushJoined(chunk.subarray(next));
        return;
      }
    }
    this.pushJoined(chunk);
  }

  private pushJoined(chunk: Uint8Array): void {
    const base = this.consumed - this.carry.length;
    const buf = this.carry.length ? concat(this.carry, chunk) : chunk;
    this.consumed += chunk.length;
    if (this.onRegion && this.dropped === 0) {
      const end = completeLinesEnd(buf);
      if (end > 0 && this.onRegion(buf, end, base)) {
        this.keep(buf, end, base);
        return;
      }
    }
    let start = 0;
    let lf = buf.indexOf(10);
    let cr = buf.indexOf(13);
    while (lf >= 0 || cr >= 0) {
      let end: number;
      let next: number;
      if (cr >= 0 && (lf < 0 || cr < lf)) {
        // A \r as the last byte may be the first half of \r\n: wait for the next chunk.
        if (cr === buf.length - 1) break;
        end = cr;
        next = buf[cr + 1] === 10 ? cr + 2 : cr + 1;
      } else {
        end = lf;
        next = lf + 1;
      }
      this.emit(buf, start, end, base);
      start = next;
      if (lf >= 0 && lf < next) lf = buf.indexOf(10, next);
      if (cr >= 0 && cr < next) cr = buf.indexOf(13, next);
    }
    this.flush(buf, base);
    this.keep(buf, start, base);
  }

  /**
   * A long line's middle, set aside rather than joined: joining each chunk to
   * the line so far copied and searched it again per chunk, quadratic in the
   * line's length (a 30 MB line took seconds).
   */
  private extendCarry(chunk: Uint8Array): void {
    this.consumed += chunk.length;
    if (this.carry.length + this.pendingLength + chunk.length > this.maxLineBytes) {
      // Too long to keep: from here its bytes are only counted, as keep() counts them.
      this.dropped = this.carry.length + this.pendingLength + chunk.length;
      this.carry = new Uint8Array(0);
      this.pending = [];
      this.pendingLength = 0;
      return;
    }
    this.pending.push(chunk);
    this.pendingLength += chunk.length;
  }

  private joinPending(): void {
    if (this.pending.length === 0) return;
    const joined = new Uint8Array(this.carry.length + this.pendingLength);
    joined.set(this.carry, 0);
    let at = this.carry.length;
    for (const part of this.pending) {
      joined.set(part, at);
      at += part.length;
    }
    this.carry = joined;
    this.pending = [];
    this.pendingLength = 0;
  }

  end(): void {
    this.joinPending();
    if (this.carry.length === 0 && this.dropped === 0) return;
    const buf = this.carry;
    const end = buf.length > 0 && buf[buf.length - 1] === 13 ? buf.length - 1 : buf.length;
    this.emit(buf, 0, end, this.carryStart);
    this.flush(buf, this.carryStart);
    this.carry = new Uint8Array(0);
  }

  private emit(buf: Uint8Array, start: number, end: number, base: number): void {
    if (this.dropped > 0) {
      this.onOversized(this.carryStart, this.dropped + end - start);
      this.dropped = 0;
      return;
    }
    if (end - start > this.maxLineBytes) {
      this.flush(buf, base);
      this.onOversized(base + start, end - start);
      return;
    }
    this.starts.push(start);
    this.ends.push(end);
  }

  private flush(buf: Uint8Array, base: number): void {
    if (this.starts.length === 0) return;
    this.onBatch({ buf, starts: this.starts, ends: this.ends, base });
    this.starts = [];
    this.ends = [];
  }

  private keep(buf: Uint8Array, start: number, base: number): void {
    const rest = buf.length - start;
    // A final \r may be the first half of \r\n: it is no part of the line, and waits for the next chunk.
    const cr = rest > 0 && buf[buf.length - 1] === 13 ? 1 : 0;
    if (this.dropped > 0 || rest - cr > this.maxLineBytes) {
      if (this.dropped === 0) this.carryStart = base + start;
      this.dropped += rest - cr;
      this.carry = buf.slice(buf.length - cr);
      return;
    }
    if (rest === 0) {
      this.carry = new Uint8Array(0);
      return;
    }
    this.carryStart = base + start;
    this.carry = buf.slice(start);
  }
}

/**
 * Where the last complete line of `buf` ends, its line break included; 0 when none does. A final \r may be
 * half of \r\n, so it waits. Searched from the end by hand: lastIndexOf(13) ran through every byte of a
 * file without a \r.
 */
function completeLinesEnd(buf: Uint8Array): number {
  let i = buf.length - 1;
  if (i >= 0 && buf[i] === 13) i--;
  for (; i >= 0; i--) {
    const b = buf[i]!;
    if (b === 10 || b === 13) return i + 1;
  }
  return 0;
}

/**
 * Where the first line of `chunk` ends after a line break that is a \n (a \r\n's included); 0 when a
 * \r ends it first (it may wait for a \n in the next chunk) or nothing does.
 */
function firstLineEnd(chunk: Uint8Array): number {
  const lf = chunk.indexOf(10);
  if (lf < 0) return 0;
  for (let i = 0; i < lf - 1; i++) if (chunk[i] === 13) return 0;
  return lf + 1;
}

function holdsLineBreak(chunk: Uint8Array): boolean {
  return chunk.indexOf(10) >= 0 || chunk.indexOf(13) >= 0;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}
