import { useDeferredValue, useState } from 'react';
import { ChunkedText } from './ChunkedText';
import { CopyButton } from './CopyButton';
import { formatCount } from './format';
import { ShowAllToggle } from './ShowAllToggle';
import { wholeCharacterCut } from '../core/textChunks';

/**
 * Log text drawn up to `max` characters until asked for whole. The text sits
 * alone in its element (`as`, with `className`), so copying it copies the
 * text and never a button's label; the toggle sits after it and stays once
 * pressed, offering the first part again, so keyboard focus stays on it (see
 * ShowAllToggle). Drawn whole, it is drawn in pieces laid out only near the
 * screen (see ChunkedText): one text node of 10 MB held the page for 2–4 s
 * (one script) to minutes (mixed scripts). Copy takes the whole text as it is,
 * without selecting or laying out any of it.
 */
export function LongText({ text, max, what, as: Element, className }: { text: string; max: number; what: string; as: 'pre' | 'div'; className: string }) {
  const [whole, setWhole] = useState(false);
  // Drawn in a render that yields to the page every few milliseconds: the button answers at once, the text follows.
  const drawnWhole = useDeferredValue(whole);
  // Cut where a piece of the text shown whole would be: no character drawn in two halves.
  const end = wholeCharacterCut(text, max);
  const cut = end < text.length;
  const drawing = whole && !drawnWhole;
  return (
    <>
      {/* Busy while drawing: a screen reader waits for the whole rather than reading the first part again. */}
      <Element className={className} aria-busy={drawing || undefined}>
        <ChunkedText text={drawnWhole || !cut ? text : text.slice(0, end)} />
      </Element>
      {cut && (
        <div className="muted long-text-rest">
          {!whole && '… '}
          <ShowAllToggle
            all={whole}
            onChange={setWhole}
            showAll={`Show the whole ${what} (${formatCount(text.length)} characters; ${formatCount(text.length - end)} more)`}
            showFirst={`Show the first ${formatCount(end)} characters`}
          />
          {drawing && ' Drawing…'}{' '}
          <CopyButton
            text={() => text}
            label={`Copy the whole ${what}`}
            copied={`Copied ${formatCount(text.length)} characters`}
            failed={`Could not copy: ${whole ? `select the ${what} instead` : `show the whole ${what} and select it`}`}
            className="small"
          />
        </div>
      )}
    </>
  );
}
