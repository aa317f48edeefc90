import { useState } from 'react';
import { cutPoint, formatCount } from './format';
import { Marked } from './Marked';
import { ShowAllToggle } from './ShowAllToggle';

/**
 * Log text drawn up to `max` characters until asked for whole. The browser
 * lays out text as it draws it: a 3-million-character line took 1.7 s to
 * show (the page frozen meanwhile) and a 16 MiB line, which the readers
 * accept, would take ten. The text sits alone in its element (`as`, with
 * `className`), so copying it copies the text and never a button's label;
 * the toggle sits after it and stays once pressed, offering the first part
 * again, so keyboard focus stays on it (see ShowAllToggle).
 */
export function LongText({ text, max, what, as: Element, className }: { text: string; max: number; what: string; as: 'pre' | 'div'; className: string }) {
  const [whole, setWhole] = useState(false);
  const end = text.length <= max ? text.length : cutPoint(text, max);
  const cut = end < text.length;
  return (
    <>
      <Element className={className}>
        <Marked text={whole || !cut ? text : text.slice(0, end)} layout />
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
        </div>
      )}
    </>
  );
}
