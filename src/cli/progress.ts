import { formatCount, formatMiB, mibNumber } from '../core/countText';
import { ReadRate } from '../core/readRate';

/** Where progress goes: the process's stderr, or a test's stand-in. */
export interface ProgressOut {
  readonly isTTY?: boolean;
  /** The terminal's width: a line that wrapped could no longer be rewritten in place. */
  readonly columns?: number;
  write(text: string): unknown;
}

/** Rewrites at most this often: a gigabyte is read in about a thousand chunks, and redrawing each is noise. */
const REDRAW_MS = 100;

/**
 * One status line on a terminal's stderr, rewritten in place while files are
 * read and then analysed, and cleared before anything is printed. Nothing at
 * all when stderr is not a terminal (a pipe, a file, CI), so what a script
 * keeps stays clean.
 */
export class CliProgress {
  private shown = false;
  private lastDraw = -Infinity;
  /** The file's reading rate, as the page's progress bar takes it: the last stretch's, after the first second (the first chunks come from the page cache). */
  private rate = new ReadRate(0);

  constructor(
    private readonly out: ProgressOut,
    private readonly now: () => number = () => performance.now(),
  ) {}

  startFile(): void {
    this.rate = new ReadRate(this.now());
    this.lastDraw = -Infinity;
  }

  /** `total` is the file's size, or null when it is not known (standard input). */
  reading(name: string, bytes: number, total: number | null): void {
    if (!this.out.isTTY) return;
    const t = this.now();
    if (t - this.lastDraw < REDRAW_MS) return;
    this.lastDraw = t;
    const leftMs = total === null ? null : this.rate.etaMs(t, bytes, total);
    let text = `seqscope: reading ${name} · ${total === null ? formatMiB(bytes) : `${mibNumber(bytes)} of ${formatMiB(total)}`}`;
    if (total !== null && leftMs !== null && bytes < total) {
      const left = Math.max(1, Math.round(leftMs / 1000));
      text += left < 90 ? ` · about ${left} s left` : ` · about ${Math.round(left / 60)} min left`;
    }
    this.draw(text);
  }

  analysing(records: number): void {
    if (!this.out.isTTY) return;
    this.draw(`seqscope: analysing ${formatCount(records)} records…`);
  }

  clear(): void {
    if (!this.shown) return;
    this.out.write('\r\x1b[K');
    this.shown = false;
  }

  private draw(raw: string): void {
    // A file name's control characters would move the cursor or wrap the line it is meant to rewrite.
    let text = '';
    for (const ch of raw) {
      const c = ch.codePointAt(0)!;
      text += c < 0x20 || (c >= 0x7f && c < 0xa0) ? '?' : ch;
    }
    const width = this.out.columns;
    const fitted = width !== undefined && width > 1 && text.length >= width ? `${text.slice(0, width - 2)}…` : text;
    this.out.write(`\r\x1b[K${fitted}`);
    this.shown = true;
  }
}
