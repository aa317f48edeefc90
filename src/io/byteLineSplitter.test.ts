import { describe, expect, it } from 'vitest';
import { ByteLineSplitter } from './byteLineSplitter';

const enc = new TextEncoder();
const dec = new TextDecoder();

/** Every line the splitter gives, as text with its byte offset, or `oversized` with its length. */
function split(chunks: readonly string[], maxLineBytes: number): string[] {
  const out: string[] = [];
  const splitter = new ByteLineSplitter(
    ({ buf, starts, ends, base }) => starts.forEach((s, i) => out.push(`${base + s}:${dec.decode(buf.subarray(s, ends[i]))}`)),
    (offset, length) => out.push(`${offset}:oversized ${length}`),
    maxLineBytes,
  );
  for (const c of chunks) splitter.push(enc.encode(c));
  splitter.end();
  return out;
}

describe('ByteLineSplitter on a line spread over many chunks', () => {
  it('gives the line whole at its offset, however many chunks without a line break it spans', () => {
    expect(split(['ab\nc', 'd', 'e', 'f\ng', 'h'], 100)).toEqual(['0:ab', '3:cdef', '8:gh']);
  });

  it('ends a line at a \\r that closed the chunk before one without a line break', () => {
    expect(split(['a\nb\r', 'cd', 'e\n'], 100)).toEqual(['0:a', '2:b', '4:cde']);
  });

  it('rejects a line that passes the limit in the middle of such chunks by its whole length, then reads on', () => {
    expect(split(['a\nbb', 'cc', 'dd', 'ee\r\nf'], 5)).toEqual(['0:a', '2:oversized 8', '12:f']);
  });

  it('copies a line that spans many chunks a bounded number of times, however many chunks it spans', () => {
    // Joined to the line so far chunk by chunk, a line of 2n chunks was copied 4 times as much as one of n.
    const run = (chunks: number) => {
      const piece = new Uint8Array(4096).fill(120);
      let lines = 0;
      const splitter = new ByteLineSplitter(() => lines++, () => lines++, 1 << 30);
      const copied = countBytesCopied(() => {
        splitter.push(enc.encode('x'));
        for (let i = 0; i < chunks; i++) splitter.push(piece);
        splitter.push(enc.encode('\n'));
        splitter.end();
      });
      expect(lines).toBe(1);
      return copied / (chunks * piece.length);
    };
    expect(run(64)).toBeLessThan(3);
    expect(run(256)).toBeLessThan(3);
  });
});

/** Bytes copied into or out of byte arrays (`set`, `slice`) while `run` runs. */
function countBytesCopied(run: () => void): number {
  // Both are %TypedArray%.prototype's, shared by every typed array.
  const typedArray = Object.getPrototypeOf(Uint8Array.prototype) as Uint8Array;
  const { set, slice } = typedArray;
  let copied = 0;
  typedArray.set = function (this: Uint8Array, source: ArrayLike<number>, offset?: number) {
    copied += source.length;
    set.call(this, source, offset);
  };
  typedArray.slice = function (this: Uint8Array, start?: number, end?: number) {
    const out = slice.call(this, start, end);
    copied += out.length;
    return out;
  };
  try {
    run();
  } finally {
    Object.assign(typedArray, { set, slice });
  }
  return copied;
}
