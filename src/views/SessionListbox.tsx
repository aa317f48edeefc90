import { countOf } from './format';
import type { RefObject } from 'react';
import type { SessionAnalysis } from '../core/analyze';
import { Marked } from './Marked';
import { EMPTY_SESSION_NAME, sessionNameText } from './sessionName';
import { useRowWindow } from './useRowWindow';

/** One height for every row, tall enough to tap on a phone; the combobox scrolls by it. */
export const ROW_HEIGHT = 40;

/** The popup's height before it has one (the frame it opens in, a test DOM): about as tall as it grows. */
const UNMEASURED = ROW_HEIGHT * 10;

/**
 * The combobox's popup list: only the rows in and near view exist, so 50,000
 * matches cost as much as twenty. The active row is always rendered, even
 * scrolled away, because the input names it in `aria-activedescendant`.
 */
export function SessionListbox({
  id,
  optionId,
  sessions,
  matches,
  active,
  current,
  scroller,
  onChoose,
}: {
  id: string;
  optionId: (position: number) => string;
  sessions: readonly SessionAnalysis[];
  /** Positions in `sessions`, in the order shown. */
  matches: readonly number[];
  active: number;
  current: string | null;
  scroller: RefObject<HTMLDivElement | null>;
  onChoose: (position: number) => void;
}) {
  // Every row is ROW_HEIGHT high, so none is measured.
  const { rows, total } = useRowWindow({ scroller, count: matches.length, estimate: ROW_HEIGHT, overscan: 6, keep: active, unmeasuredViewport: UNMEASURED });
  return (
    <div className="session-scroll" ref={scroller}>
      <ul role="listbox" id={id} aria-label="Sessions" className="session-options" style={{ height: total }}>
        {rows.map((item) => {
          const position = matches[item.index]!;
          const s = sessions[position]!;
          const isCurrent = s.session === current;
          return (
            <li
              key={position}
              id={optionId(position)}
              role="option"
              aria-selected={item.index === active}
              // Only the rows near view exist: without these a screen reader counts them, not the matches.
              aria-setsize={matches.length}
              aria-posinset={item.index + 1}
              className={`session-option${item.index === active ? ' active' : ''}${isCurrent ? ' current' : ''}`}
              style={{ height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
              title={sessionNameText(s.session)}
              onClick={() => onChoose(position)}
            >
              <span className="session-option-name">
                {s.session === '' ? EMPTY_SESSION_NAME : <Marked text={s.session} />}
              </span>
              <span className="session-option-count">
                {countOf(s.records.length, 'record')}
                {isCurrent ? ' · shown' : ''}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
