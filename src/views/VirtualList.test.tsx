// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VirtualList, type RowProps } from './VirtualList';

const VIEW = 200;
const ROW = 20;
/** Row heights as the browser would lay them out (happy-dom lays out nothing). */
let heightOf: (index: number) => number;

beforeEach(() => {
  heightOf = () => ROW;
  Object.defineProperty(HTMLUListElement.prototype, 'clientHeight', { configurable: true, get: () => VIEW });
  Object.defineProperty(HTMLUListElement.prototype, 'scrollHeight', { configurable: true, get: () => 1e9 });
  Object.defineProperty(HTMLLIElement.prototype, 'getBoundingClientRect', {
    configurable: true,
    value(this: HTMLLIElement) {
      const i = this.getAttribute('data-index');
      return { height: i === null ? 0 : heightOf(Number(i)), width: 100, top: 0, left: 0, right: 100, bottom: 0, x: 0, y: 0 };
    },
  });
});

afterEach(() => {
  cleanup();
  for (const key of ['clientHeight', 'scrollHeight'] as const) delete (HTMLUListElement.prototype as unknown as Record<string, unknown>)[key];
  delete (HTMLLIElement.prototype as unknown as Record<string, unknown>).getBoundingClientRect;
});

const row = (i: number, props: RowProps) => (
  <li ref={props.ref} data-index={props['data-index']} aria-posinset={props['aria-posinset']} aria-setsize={props['aria-setsize']}>
    <button type="button" tabIndex={i === 0 ? 0 : -1}>
      row {i}
    </button>
  </li>
);

function scrollTo(offset: number): void {
  const list = screen.getByRole('list');
  act(() => {
    list.scrollTop = offset;
    fireEvent.scroll(list);
  });
}

const button = (i: number) => screen.queryByRole('button', { name: `row ${i}` });

describe('a long list drawn in part', () => {
  it('keeps the row it is told to keep in the page, in its place, however far the list is scrolled', () => {
    render(<VirtualList count={5000} estimate={ROW} row={row} className="l" label="Rows" keep={0} />);
    const first = button(0)!;
    first.focus();
    scrollTo(40_000);
    expect(button(0)).toBe(first);
    expect(document.activeElement).toBe(first);
    expect(button(2000)).not.toBeNull();
    // Row 0 stands at the top, a spacer for the rows left out between it and the rows in view.
    const spacer = first.parentElement!.nextElementSibling as HTMLElement;
    expect(spacer.getAttribute('role')).toBe('presentation');
    const next = Number(spacer.nextElementSibling!.getAttribute('data-index'));
    expect(next).toBeGreaterThan(1900);
    expect(parseFloat(spacer.style.height)).toBe((next - 1) * ROW);
  });

  it('keeps the row holding focus in the page as it is scrolled away, and lets it go once focus leaves the list', () => {
    render(
      <>
        <VirtualList count={5000} estimate={ROW} row={row} className="l" label="Rows" />
        <button type="button">after</button>
      </>,
    );
    scrollTo(100 * ROW);
    const held = button(105)!;
    act(() => held.focus());
    scrollTo(40_000);
    expect(button(105)).toBe(held);
    expect(document.activeElement).toBe(held);
    act(() => screen.getByRole('button', { name: 'after' }).focus());
    scrollTo(40_000 + ROW);
    expect(button(105)).toBeNull();
  });

  it('tells a screen reader each row\'s place among all the items, not among the rows drawn, headings not counted', () => {
    const heads = [0, 3000];
    const itemOf = (i: number) => (i === 0 || i === 3000 ? -1 : i < 3000 ? i - 1 : i - 2);
    render(<VirtualList count={5000} estimate={ROW} row={row} className="l" label="Rows" pinned={heads} items={{ count: 4998, of: itemOf }} />);
    const place = (i: number) => [button(i)!.parentElement!.getAttribute('aria-posinset'), button(i)!.parentElement!.getAttribute('aria-setsize')];
    expect(place(0)).toEqual([null, null]);
    expect(place(1)).toEqual(['1', '4998']);
    scrollTo(3000 * ROW - 5 * ROW);
    expect(place(3000)).toEqual([null, null]);
    expect(place(3001)).toEqual(['3000', '4998']);
    cleanup();
    render(<VirtualList count={400} estimate={ROW} row={row} className="l" label="Rows" />);
    expect(place(3)).toEqual(['4', '400']);
  });

  it('keeps its spacers in the page as it scrolls, changing their heights only', () => {
    render(<VirtualList count={5000} estimate={ROW} row={row} className="l" label="Rows" keep={0} />);
    scrollTo(10_000);
    const spacers = [...screen.getByRole('list').querySelectorAll('.virtual-spacer')];
    expect(spacers).toHaveLength(2);
    for (let step = 1; step <= 5; step++) scrollTo(10_000 + step * 3 * ROW);
    const now = [...screen.getByRole('list').querySelectorAll('.virtual-spacer')];
    expect(now).toEqual(spacers);
    expect(spacers.every((s) => s.isConnected)).toBe(true);
  });

  it('takes rows not yet drawn to be as high as the rows drawn, so the list\'s height holds as it scrolls', () => {
    heightOf = () => 110;
    render(<VirtualList count={1000} estimate={64} row={row} className="l" label="Rows" />);
    const height = () => {
      const spacers = [...screen.getByRole('list').querySelectorAll<HTMLElement>('.virtual-spacer')];
      const drawn = screen.getByRole('list').querySelectorAll('li[data-index]').length;
      return spacers.reduce((sum, s) => sum + parseFloat(s.style.height || '0'), 0) + drawn * 110;
    };
    expect(height()).toBe(110_000);
    scrollTo(50_000);
    expect(height()).toBe(110_000);
  });

  it('draws a list replaced by another (its rows keyed anew) at the estimate, not at the heights of the rows that stood there', () => {
    heightOf = () => 110;
    const keyed = (prefix: string) => (i: number) => `${prefix}${i}`;
    const plain = (i: number, props: RowProps) => (
      <li ref={props.ref} data-index={props['data-index']}>
        row {i}
      </li>
    );
    const { rerender } = render(<VirtualList count={1000} estimate={64} row={plain} keyOf={keyed('a')} className="l" label="Rows" />);
    scrollTo(50_000);
    scrollTo(0);
    const height = () => {
      const list = screen.getByRole('list');
      const spacers = [...list.querySelectorAll<HTMLElement>('.virtual-spacer')].reduce((sum, s) => sum + parseFloat(s.style.height || '0'), 0);
      return spacers + list.querySelectorAll('li[data-index]').length * heightOf(0);
    };
    heightOf = () => 64;
    rerender(<VirtualList count={1000} estimate={64} row={plain} keyOf={keyed('b')} className="l" label="Rows" />);
    expect(height()).toBe(64_000);
  });

  it('asks for the keys of the rows it draws, not of every row it has measured, when a list stays as it was', () => {
    let asked = 0;
    const keyOf = (i: number) => {
      asked++;
      return `k${i}`;
    };
    const { rerender } = render(<VirtualList count={5000} estimate={ROW} row={row} keyOf={keyOf} className="l" label="Rows" />);
    // Scrolled through in steps of a view, so some 1,000 rows are measured and remembered.
    for (let offset = 0; offset <= 20_000; offset += VIEW) scrollTo(offset);
    const drawn = screen.getByRole('list').querySelectorAll('li[data-index]').length;
    asked = 0;
    rerender(<VirtualList count={5000} estimate={ROW} row={row} keyOf={(i) => keyOf(i)} className="l" label="Rows" />);
    expect(drawn).toBeLessThan(60);
    // Each row drawn is keyed for React and checked against the key it was measured with: a few calls per row, never one per row measured.
    expect(asked).toBeGreaterThan(0);
    expect(asked).toBeLessThanOrEqual(4 * drawn);
  });
});
