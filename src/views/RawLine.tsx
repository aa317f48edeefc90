import { useState } from 'react';
import { cutPoint, formatCount } from './format';
import { Marked } from './Marked';
import { ShowAllToggle } from './ShowAllToggle';

/**
 * A record's raw text, drawn up to `max` characters until asked for whole
 * (a 3-million-character line took 1.7 s to lay out; see LongText). The
 * `<pre>` holds the text alone, so copying it copies the line and nothing
 * else; what is left and the toggle sit after it, and the toggle stays once
 * pressed so keyboard focus stays on it (see ShowAllToggle).
 */
export function RawLine({ text, max, what }: { text: string; max: number; what: string }) {
  const [whole, setWhole] = useState(false);
  const end = text.length <= max ? text.length : cutPoint(text, max);
  const cut = end < text.length;
  return (
    <>
      <pre className="raw-line">
        <Marked text={whole || !cut ? text : text.slice(0, end)} layout />
      </pre>
      {cut && (
        <p className="muted">
          {!whole && '… '}
          <ShowAllToggle
            all={whole}
            onChange={setWhole}
            showAll={`Show the whole ${what} (${formatCount(text.length)} characters; ${formatCount(text.length - end)} more)`}
            showFirst={`Show the first ${formatCount(end)} characters`}
          />
        </p>
      )}
    </>
  );
}
