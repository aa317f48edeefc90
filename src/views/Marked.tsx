import { revealInvisibles } from '../core/invisibleChars';
import { invisiblesTitle, markedRuns, markText, type Segment } from './invisibleMarks';

/**
 * Log text as inert text, with every invisible or direction-changing
 * character (zero-width, bidi override, BOM, controls…) replaced by a
 * visible `⟨U+200B⟩` mark and named in a tooltip, so two ids that look the
 * same and differ are seen to differ. A short word holding a mark does not
 * break at it. `layout` keeps tabs and line breaks (a raw line, a multi-line
 * value). Text without such characters renders bare.
 */
export function Marked({ text, layout = false }: { text: string; layout?: boolean }) {
  const runs = markedRuns(text, layout);
  if (!runs) return <>{text}</>;
  const chars = runs.flatMap((r) => r.segments.flatMap((s) => (s.kind === 'mark' ? [s.char] : [])));
  return (
    <span className="has-invisibles" title={invisiblesTitle(chars)}>
      {runs.map((r, k) =>
        r.together ? (
          <span key={k} className="inv-word">
            <Segments segments={r.segments} />
          </span>
        ) : (
          <Segments key={k} segments={r.segments} />
        ),
      )}
    </span>
  );
}

function Segments({ segments }: { segments: readonly Segment[] }) {
  return segments.map((s, k) =>
    s.kind === 'text' ? (
      s.text
    ) : (
      <span key={k} className={`invisible-char inv-${s.char.kind}`} title={`${s.char.code} ${s.char.name}`}>
        {markText(s.char)}
      </span>
    ),
  );
}

/** For places that hold only a plain string (SVG labels, options, tooltips): the same marks, as text. */
export const marked = revealInvisibles;
