/** A row's height as laid out, from its element and, when the ResizeObserver reported it, its entry. */
export type HeightOf = (el: Element, entry: ResizeObserverEntry | undefined) => number;

/** Heights read, each with the index of the row it was read from. */
export type RowHeights = readonly (readonly [index: number, height: number])[];

/**
 * The rows of a window that are measured: the rows attached since the last commit, and every row observed
 * with the index it was last measured as, so that a row React moved to another index (a row inserted above
 * it) is measured again there. Its height is read as it mounts, and by a ResizeObserver after.
 */
export class RowMeasures {
  private fresh: Element[] = [];
  private readonly indexOf = new Map<Element, number>();
  private observer: ResizeObserver | null = null;

  /** `heightOf` is read at each measurement (the options given may change from one render to the next); none measures nothing. */
  constructor(private readonly heightOf: () => HeightOf | undefined) {}

  /** A ref for each row's element, which carries `data-index`. */
  readonly measure = (el: Element | null): void => {
    if (el) this.fresh.push(el);
  };

  /** Observes the rows measured from now on with the page's ResizeObserver, handing `resized` the heights it reports. */
  observe(Observer: typeof ResizeObserver, resized: (read: RowHeights) => void): void {
    this.observer = new Observer((entries) => resized(this.readResized(entries)));
  }

  /** After a commit: the heights of the rows that mounted, or that now stand at another index. */
  readCommitted(): RowHeights {
    const heightOf = this.heightOf();
    const read: [number, number][] = [];
    for (const [row, was] of this.indexOf) {
      if (!row.isConnected) this.forget(row);
      else if (rowIndexOf(row) !== was) this.fresh.push(row);
    }
    for (const row of this.fresh) {
      const i = rowIndexOf(row);
      if (!row.isConnected || i < 0 || !heightOf) continue;
      if (!this.indexOf.has(row)) this.observer?.observe(row, { box: 'border-box' });
      this.indexOf.set(row, i);
      read.push([i, heightOf(row, undefined)]);
    }
    this.fresh = [];
    return read;
  }

  /** Stops observing and forgets every row (the list closed, or its scroller replaced). */
  clear(): void {
    this.observer?.disconnect();
    this.observer = null;
    this.indexOf.clear();
  }

  private readResized(entries: readonly ResizeObserverEntry[]): RowHeights {
    const heightOf = this.heightOf();
    const read: [number, number][] = [];
    for (const entry of entries) {
      const row = entry.target;
      const i = rowIndexOf(row);
      if (!row.isConnected) this.forget(row);
      else if (heightOf && i >= 0) read.push([i, heightOf(row, entry)]);
    }
    return read;
  }

  private forget(row: Element): void {
    this.observer?.unobserve(row);
    this.indexOf.delete(row);
  }
}

/** The index a row's element carries in `data-index`, -1 for none. */
export function rowIndexOf(row: Element): number {
  const text = row.getAttribute('data-index');
  return text === null ? -1 : Number(text);
}
