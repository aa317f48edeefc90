import { useDeferredValue, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useStore } from '../state/store';
import { formatCount } from './format';
import { moveActive } from './listMove';
import { marked } from './Marked';
import { chooseSession } from './sessionChoice';
import { ROW_HEIGHT, SessionListbox } from './SessionListbox';
import { sessionNameText } from './sessionName';
import { filterSessions, sessionSearchOf } from './sessionSearch';

/**
 * The session picker for more sessions than a select lays out in a frame:
 * an editable combobox (WAI-ARIA 1.2, list autocomplete) whose popup lists
 * the sessions whose name contains what was typed. Focus never leaves the
 * input; the active row is named by `aria-activedescendant`.
 */
export function SessionCombobox({ id }: { id: string }) {
  const sessions = useStore((s) => s.analysis?.sessions);
  const current = useStore((s) => s.session);
  const [open, setOpen] = useState(false);
  // Null until the user types: the input then shows the current session and the list every session.
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(-1);
  const scroller = useRef<HTMLDivElement>(null);
  const popup = useRef<HTMLDivElement>(null);
  const centre = useRef(false);
  const typed = query ?? '';
  // The input shows each keystroke at once; a filter over a million names may trail it by a frame.
  const filtered = useDeferredValue(typed);
  const search = useMemo(() => (open && sessions ? sessionSearchOf(sessions) : null), [open, sessions]);
  const matches = useMemo(() => (search ? filterSessions(search, filtered) : []), [search, filtered]);
  const at = Math.min(active, matches.length - 1);
  const listId = `${id}-list`;
  const countId = `${id}-count`;
  const optionId = (position: number) => `${id}-option-${position}`;

  useLayoutEffect(() => {
    // Near the bottom of a phone's screen the popup would open out of sight.
    if (open) popup.current?.scrollIntoView?.({ block: 'nearest' });
  }, [open]);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!open || !el || at < 0) return;
    const top = at * ROW_HEIGHT;
    if (centre.current) {
      centre.current = false;
      el.scrollTop = top - (el.clientHeight - ROW_HEIGHT) / 2;
    } else if (top < el.scrollTop) el.scrollTop = top;
    else if (top + ROW_HEIGHT > el.scrollTop + el.clientHeight) el.scrollTop = top + ROW_HEIGHT - el.clientHeight;
  }, [open, at, matches]);

  if (!sessions) return null;
  const total = sessions.length;

  const openList = (input: HTMLInputElement) => {
    if (open) return;
    // Typing then replaces the shown name rather than adding to it.
    input.select();
    centre.current = true;
    setActive(Math.max(0, sessions.findIndex((s) => s.session === current)));
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    setQuery(null);
    setActive(-1);
  };
  const choose = (position: number) => {
    const next = sessions[position]?.session;
    close();
    if (next !== undefined && next !== current) chooseSession(next);
  };
  const chooseActive = () => {
    // Enter may come before the deferred filter has caught up with the last keystroke: choose from what was typed.
    const list = filtered === typed ? matches : filterSessions(sessionSearchOf(sessions), typed);
    const position = list[Math.min(active, list.length - 1)];
    if (position !== undefined) choose(position);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.nativeEvent.isComposing) return;
    if (e.key === 'Escape') {
      if (!open) return;
      e.preventDefault();
      close();
    } else if (!open) {
      if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
      e.preventDefault();
      openList(e.currentTarget);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      chooseActive();
    } else if (e.key === 'ArrowUp' && e.altKey) {
      e.preventDefault();
      close();
    } else {
      const page = Math.max(1, Math.floor((scroller.current?.clientHeight ?? 0) / ROW_HEIGHT) - 1);
      const next = moveActive(e.key, at, matches.length, page);
      if (next === null) return;
      e.preventDefault();
      setActive(next);
    }
  };

  const activeId = open && at >= 0 && matches[at] !== undefined ? optionId(matches[at]) : undefined;
  return (
    <div className="session-combobox">
      <input
        id={id}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeId}
        aria-describedby={countId}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="Type part of a session name"
        value={query ?? (current === null ? '' : sessionNameText(current))}
        onChange={(e) => {
          setQuery(e.currentTarget.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={(e) => e.currentTarget.select()}
        onClick={(e) => openList(e.currentTarget)}
        onBlur={close}
        onKeyDown={onKeyDown}
      />
      {/* Pressing anywhere in the popup must not take focus from the input (that would close it). */}
      <div className="session-popup" ref={popup} hidden={!open} onMouseDown={(e) => e.preventDefault()}>
        <p id={countId} className="session-count" role="status">
          {open ? countText(matches.length, total, filtered) : ''}
        </p>
        {open && matches.length === 0 && (
          <p className="session-empty">
            No session name contains “{marked(filtered)}”. Delete some of what you typed
            {current !== null ? <>, or press Escape to go back to {sessionNameText(current)}</> : null}.
          </p>
        )}
        <SessionListbox
          id={listId}
          optionId={optionId}
          sessions={sessions}
          matches={matches}
          active={at}
          current={current}
          scroller={scroller}
          onChoose={choose}
        />
      </div>
    </div>
  );
}

function countText(matches: number, total: number, query: string): string {
  if (query === '') return `${formatCount(total)} sessions · type part of a name to narrow them`;
  return `${formatCount(matches)} of ${formatCount(total)} sessions`;
}
