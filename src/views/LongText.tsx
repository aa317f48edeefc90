import { useState } from 'react';
import { cutPoint, formatCount } from './format';
import { Marked } from './Marked';

/**
 * Log text drawn up to `max` characters, the rest one click away. The
 * browser lays out text as it draws it: a 3-million-character line took
 * 1.7 s to show (the page frozen meanwhile) and a 16 MiB line, which the
 * readers accept, would take ten. Nothing is dropped: the button draws the
 * whole text exactly as it is.
 */
export function LongText({ text, max, what }: { text: string; max: number; what: string }) {
  const [whole, setWhole] = useState(false);
  if (whole || text.length <= max) return <Marked text={text} layout />;
  const end = cutPoint(text, max);
  return (
    <>
      <Marked text={text.slice(0, end)} layout />
      <span className="muted long-text-rest">
        {'… '}
        <button type="button" className="small" onClick={() => setWhole(true)}>
          Show the whole {what} ({formatCount(text.length)} characters; {formatCount(text.length - end)} more)
        </button>
      </span>
    </>
  );
}
