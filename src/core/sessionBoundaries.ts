import type { InputBoundary, ParsedInput, SeqRecord } from './model';
import { placeSpan } from './markdownText';
import { placeNoun } from './place';

/** The first k in 0…length for which `before(k)` is false, `before` being true up to some point and false after it. */
export function firstNotBefore(length: number, before: (k: number) => boolean): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (before(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A boundary's kind in words (`turn aborted`), as the page's rules and the report say it. */
export const boundaryName = (kind: string) => kind.replace(/-/g, ' ');

/** One input's boundaries that concern a session, with where that input's records of the session are in its list. */
export interface SessionBoundaries {
  readonly file: number;
  /** Positions [start, end) in the session's records (storage order, input by input) of this input's records. */
  readonly start: number;
  readonly end: number;
  readonly boundaries: readonly InputBoundary[];
}

/**
 * The boundaries each input records for one session: its own, and those
 * without a session (a deletion of rows), which concern every session of the
 * input. Only inputs holding records of the session count: a boundary is a
 * place among its records. `records` are the session's, in storage order. The
 * page draws these and the report lists them, so both name the same ones.
 */
export function sessionBoundaries(
  records: readonly SeqRecord[],
  inputs: readonly Pick<ParsedInput, 'boundaries'>[],
  session: string,
): SessionBoundaries[] {
  const out: SessionBoundaries[] = [];
  inputs.forEach((input, file) => {
    const mine = (input.boundaries ?? []).filter((b) => b.session === null || b.session === session);
    if (mine.length === 0) return;
    const start = firstNotBefore(records.length, (k) => records[k]!.fileIndex < file);
    const end = firstNotBefore(records.length, (k) => records[k]!.fileIndex < file + 1);
    if (start < end) out.push({ file, start, end, boundaries: mine });
  });
  return out;
}

/** One boundary a report lists, with what it takes out of the effective history in words ('' when nothing). */
export interface ListedBoundary {
  readonly file: number;
  readonly boundary: InputBoundary;
  readonly covers: string;
}

/**
 * What the reports list of a session's boundaries: those that change the
 * effective history, input by input and line by line, the first `limit` of
 * them and how many more; turns can number in the thousands and change no
 * history on their own, so they are counted, not listed.
 */
export function listSessionBoundaries(
  records: readonly SeqRecord[],
  inputs: readonly Pick<ParsedInput, 'boundaries' | 'itemized'>[],
  session: string,
  limit: number,
): { readonly listed: readonly ListedBoundary[]; readonly more: number; readonly turnStarts: number; readonly turnEnds: number } {
  const listed: ListedBoundary[] = [];
  let more = 0;
  let turnStarts = 0;
  let turnEnds = 0;
  for (const { file, boundaries } of sessionBoundaries(records, inputs, session)) {
    for (const boundary of [...boundaries].sort((x, y) => x.line - y.line)) {
      if (boundary.kind === 'turn-start') turnStarts++;
      else if (boundary.kind === 'turn-end') turnEnds++;
      else if (listed.length === limit) more++;
      else {
        const c = boundary.covers;
        const covers = c ? `takes ${placeSpan(placeNoun(inputs[file]), c.fromLine, c.toLine)} out of the effective history` : '';
        listed.push({ file, boundary, covers });
      }
    }
  }
  return { listed, more, turnStarts, turnEnds };
}
