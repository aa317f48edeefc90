import { memo, useLayoutEffect, useMemo, useRef, type CSSProperties } from 'react';
import { Marked } from './Marked';
import { chunkPieces } from '../core/textChunks';

/**
 * Code units in a piece of a long text. Chrome's line breaker is quadratic in
 * a run of text that mixes scripts: 100,000 characters of English with
 * Japanese words took 1 s to lay out and a million 230 s, while pieces of
 * 4,096 cost a few milliseconds each; larger ones cost more at each step of a
 * scroll (16,384: 0.36 s), smaller ones more elements for nothing.
 */
export const TEXT_CHUNK = 4096;

/**
 * Log text, with line breaks and tabs kept and invisible characters marked
 * (see Marked), in pieces of TEXT_CHUNK that the browser lays out only near
 * the screen (`content-visibility: auto`), so that a line of 10 MB is shown
 * whole at once and scrolls: the rest is in the page all along, to find,
 * select and copy. Each piece starts a line of its own (an inline block, so a
 * copy across pieces adds no line break); a piece never laid out stands in
 * at the height of its characters at the size per character of those that
 * were. A text of one piece is drawn bare, as before.
 */
export function ChunkedText({ text }: { text: string }) {
  // Cut once a text: a render for anything else (a cutoff step while a long line is shown) slices nothing.
  const pieces = useMemo(() => chunkPieces(text, TEXT_CHUNK), [text]);
  if (pieces.length <= 1) return <Marked text={text} layout />;
  return <Chunks pieces={pieces} />;
}

/**
 * Pieces to a group, itself skipped when away from the screen: the browser
 * checks every `content-visibility: auto` element it lays out at each frame
 * of a scroll, and 2,400 pieces of a 10 MB line took it 7–15 ms a frame.
 */
export const CHUNKS_IN_GROUP = 32;

const Chunks = memo(function Chunks({ pieces }: { pieces: readonly string[] }) {
  const holder = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => estimateUnseenHeights(holder.current!), [pieces]);
  const groups = Math.ceil(pieces.length / CHUNKS_IN_GROUP);
  return (
    <span ref={holder} className="text-chunks">
      {Array.from({ length: groups }, (_, g) => {
        const group = pieces.slice(g * CHUNKS_IN_GROUP, (g + 1) * CHUNKS_IN_GROUP);
        const chars = group.reduce((n, piece) => n + piece.length, 0);
        return (
          <span key={g} className="text-chunk-group" style={{ '--chars': chars } as CSSProperties}>
            {group.map((piece, k) => (
              <Chunk key={k} piece={piece} />
            ))}
          </span>
        );
      })}
    </span>
  );
});

/**
 * A piece is given its own characters, not the whole text and where it is: memo compares a string prop
 * by its characters when the string is another (a raw line is sliced from its file again at each render
 * of its record), and every piece comparing the whole text took 0.2 s a render for a line of 3.5 MB.
 */
const Chunk = memo(function Chunk({ piece }: { piece: string }) {
  return (
    <span className="text-chunk" data-chars={piece.length} style={{ '--chars': piece.length } as CSSProperties}>
      <Marked text={piece} layout />
    </span>
  );
});

/** The CSS variable a piece not yet laid out takes its height from, per character (a piece's own length is its `--chars`). */
const PX_PER_CHAR = '--text-chunk-px-per-char';

/**
 * Keeps PX_PER_CHAR at what the pieces laid out so far measure: a piece whose
 * height is not what it stood in at has been laid out. The pieces' remembered
 * sizes (`contain-intrinsic-size: auto`) keep those; the ones never seen
 * follow the new width and the script of the text.
 */
function estimateUnseenHeights(holder: HTMLElement): () => void {
  let perChar = Number.parseFloat(getComputedStyle(holder).getPropertyValue(PX_PER_CHAR)) || 0;
  let frame = 0;
  const observer = new ResizeObserver((entries) => {
    let seen = perChar;
    for (const entry of entries) {
      const chars = Number((entry.target as HTMLElement).dataset.chars);
      const height = entry.contentRect.height;
      // A short piece (the last) is a line or two whatever its length: it says nothing of the others.
      if (chars >= TEXT_CHUNK / 2 && height > 0 && Math.abs(height - chars * perChar) > 1) seen = height / chars;
    }
    if (Math.abs(seen - perChar) <= perChar * 0.02) return;
    perChar = seen;
    // Set in the next frame: pieces resized within this callback would be an error event ("ResizeObserver loop").
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => holder.style.setProperty(PX_PER_CHAR, `${perChar}px`));
  });
  for (const chunk of holder.querySelectorAll('.text-chunk')) observer.observe(chunk);
  return () => {
    cancelAnimationFrame(frame);
    observer.disconnect();
  };
}
