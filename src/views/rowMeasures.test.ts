// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { RowMeasures, rowIndexOf, type RowHeights } from './rowMeasures';

/** ResizeObserver as a test drives it: the rows observed, and a way to report them resized. */
class FakeObserver {
  static last: FakeObserver | null = null;
  readonly observed = new Set<Element>();
  constructor(readonly callback: ResizeObserverCallback) {
    FakeObserver.last = this;
  }
  observe(el: Element) {
    this.observed.add(el);
  }
  unobserve(el: Element) {
    this.observed.delete(el);
  }
  disconnect() {
    this.observed.clear();
  }
  report(...rows: Element[]) {
    this.callback(rows.map((target) => ({ target }) as unknown as ResizeObserverEntry), this as unknown as ResizeObserver);
  }
}

const heights = new Map<Element, number>();

function row(index: number, height: number): HTMLElement {
  const li = document.createElement('li');
  li.setAttribute('data-index', String(index));
  document.body.append(li);
  heights.set(li, height);
  return li;
}

afterEach(() => {
  document.body.replaceChildren();
  heights.clear();
});

function measures(): { m: RowMeasures; resized: RowHeights[]; observer: FakeObserver } {
  const m = new RowMeasures(() => (el) => heights.get(el) ?? -1);
  const resized: RowHeights[] = [];
  m.observe(FakeObserver as unknown as typeof ResizeObserver, (read) => resized.push(read));
  return { m, resized, observer: FakeObserver.last! };
}

describe('the rows of a window measured', () => {
  it('reads the rows attached as they are committed, once, and again when a row now stands at another index', () => {
    const { m } = measures();
    const [a, b] = [row(0, 20), row(1, 35)];
    m.measure(a);
    m.measure(b);
    m.measure(null);
    expect(m.readCommitted()).toEqual([
      [0, 20],
      [1, 35],
    ]);
    expect(m.readCommitted()).toEqual([]);
    // A row inserted above: React keeps the element, which now carries another index.
    b.setAttribute('data-index', '2');
    expect(m.readCommitted()).toEqual([[2, 35]]);
  });

  it('observes the rows measured, hands on their new heights, and forgets a row that left the page', () => {
    const { m, resized, observer } = measures();
    const [a, b] = [row(0, 20), row(1, 35)];
    m.measure(a);
    m.measure(b);
    m.readCommitted();
    expect([...observer.observed]).toEqual([a, b]);
    heights.set(a, 44);
    b.remove();
    observer.report(a, b);
    expect(resized).toEqual([[[0, 44]]]);
    expect([...observer.observed]).toEqual([a]);
    m.clear();
    expect(observer.observed.size).toBe(0);
  });

  it('measures nothing without a way to read heights, nor a row with no index or out of the page', () => {
    const m = new RowMeasures(() => undefined);
    m.measure(row(0, 20));
    expect(m.readCommitted()).toEqual([]);
    const { m: n } = measures();
    const bare = document.createElement('li');
    document.body.append(bare);
    const gone = row(3, 20);
    gone.remove();
    n.measure(bare);
    n.measure(gone);
    expect(n.readCommitted()).toEqual([]);
    expect(rowIndexOf(bare)).toBe(-1);
  });
});
