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

  it('costs time linear in the length of a line that spans many chunks', () => {
    // Joined to the line so far chunk by chunk, a line of 4n chunks cost 16 times one of n.
    const run = (chunks: number) => {
      const piece = new Uint8Array(4096).fill(120);
      let lines = 0;
      const splitter = new ByteLineSplitter(() => lines++, () => lines++, 1 << 30);
      splitter.push(enc.encode('x'));
      for (let i = 0; i < chunks; i++) splitter.push(piece);
      splitter.push(enc.encode('\n'));
      splitter.end();
      return lines;
    };
    const time = (chunks: number) => {
      let best = Infinity;
      for (let i = 0; i < 3; i++) {
        const t = performance.now();
        expect(run(chunks)).toBe(1);
        best = Math.min(best, performance.now() - t);
      }
      return best;
    };
    time(256);
    expect(time(1024) / Math.max(time(256), 1)).toBeLessThan(10);
  });
});
