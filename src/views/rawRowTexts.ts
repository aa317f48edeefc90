import type { Analysis } from '../core/analyze';
import type { SeqRecord } from '../core/model';
import { placeOf } from '../state/offsets';
import type { RawRowCutoff } from '../state/rawRowCutoff';
import { kindLabel } from '../viz/categories';

/** What the raw file order table writes in its cells, and the columns' least widths for it. */

export const CUTOFF_NOTE: Record<Exclude<RawRowCutoff, null>, string> = { 'future-leak': 'future leak', 'after-cutoff': 'after N' };
export const seqText = (r: SeqRecord) => (r.kind === 'eval' ? '' : r.acceptSeq === null ? '—' : String(r.acceptSeq));
export const NOT_ACCEPTED = ' · not accepted';
const lineText = (analysis: Analysis, r: SeqRecord, multi: boolean) => (multi ? `${analysis.inputs[r.fileIndex]?.name ?? '?'}:${r.line}` : String(r.line));
export const byteText = (analysis: Analysis, r: SeqRecord) => {
  const byte = placeOf(analysis, r).byteOffset;
  return byte === null ? '—' : String(byte);
};

/**
 * The widest text of each column but the last over the whole window, in characters: with only the
 * rows in view mounted, the columns would otherwise widen and narrow as the table scrolls.
 */
export function columnChars(analysis: Analysis, shown: readonly SeqRecord[], lastRow: number, multi: boolean, cutoffOf: (r: SeqRecord) => RawRowCutoff): number[] {
  const chars = [String(lastRow).length, 4, 4, 4, 5, 10];
  for (const r of shown) {
    const cut = cutoffOf(r);
    const texts = [
      lineText(analysis, r, multi),
      byteText(analysis, r),
      kindLabel(r),
      r.hasId ? String(r.id) : 'no id',
      `${seqText(r)}${cut ? ` · ${CUTOFF_NOTE[cut]}` : ''}${!r.accepted && r.kind !== 'eval' ? NOT_ACCEPTED : ''}`,
    ];
    texts.forEach((t, c) => (chars[c + 1] = Math.max(chars[c + 1]!, t.length)));
  }
  return chars;
}

/**
 * A column's least width for its widest text, a monospaced character being about 0.6 em and the
 * cells' padding 14 px: a minimum, which holds where the table is wider than its box and a width would not.
 */
export const widthOf = (chars = 0) => ({ minWidth: `calc(${(chars * 0.62).toFixed(2)}em + 14px)` });

/**
 * The start of a raw line with each run of white space written as one space, longer than `chars`
 * characters when the line is: collapsing the whole of a 10 MB line on every render of its row held
 * the table about 0.6 s, for the 180 characters the cell shows and the 2,000 of its tooltip.
 */
export function collapsedStart(text: string, chars: number): string {
  for (let take = chars * 2; ; take *= 4) {
    const start = text.slice(0, take).replace(/\s+/g, ' ');
    if (take >= text.length || start.length > chars) return start;
  }
}
