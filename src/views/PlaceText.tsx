import { Fragment } from 'react';
import { Marked } from './Marked';

/**
 * A record's place, its file's name free to wrap after a `-`, `_`, `.` or `/` (anywhere, if a part is still too wide)
 * and its `:line` kept whole: at a phone's width the eval identities' table ran past the page, cutting `log_read_sample.eval:1`
 * before its line number, and the comparison's tables widened the whole page.
 */
export function PlaceText({ place }: { place: string }) {
  const colon = place.lastIndexOf(':');
  if (colon < 0) return <Marked text={place} />;
  const parts = place.slice(0, colon).split(/(?<=[-_./])/);
  return (
    <span className="record-link-place">
      <span className="record-link-name">
        {parts.map((part, k) => (
          <Fragment key={k}>
            <Marked text={part} />
            {k < parts.length - 1 && <wbr />}
          </Fragment>
        ))}
      </span>
      <span className="record-link-line">{place.slice(colon)}</span>
    </span>
  );
}
