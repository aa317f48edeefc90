import { useEffect, useLayoutEffect, useReducer, useState } from 'react';
import { RowWindow } from './RowWindow';
import type { RowWindowOptions, RowWindowView } from './rowWindowOptions';

/**
 * The rows of a long list to render for its scroll position, their places kept in a RowOffsets: a row
 * measured costs O(log n), where @tanstack/react-virtual laid out again every row after it (End, Home or a
 * jump in a million rejected lines held the page up to 1.4 s). Rows are measured as they mount and by a ResizeObserver after; one whose
 * height changes above the view moves the scroll by as much, so the rows in view stay where they are.
 */
export function useRowWindow(options: RowWindowOptions): RowWindowView {
  const [win] = useState(() => new RowWindow());
  const [, rerender] = useReducer((x: number) => x + 1, 0);
  win.update(options);
  win.rerender = rerender;
  const view = win.view();
  useLayoutEffect(() => win.afterCommit());
  useEffect(() => () => win.detach(), [win]);
  return view;
}

