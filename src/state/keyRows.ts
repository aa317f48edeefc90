import type { SessionAnalysis } from '../core/analyze';
import { sameJson } from '../core/canonical';
import { cutoffKeyRow, listedKeys, type CutoffKeyRow } from '../core/cutoffKeys';
import type { SeqRecord, StateValue } from '../core/model';
import { perObject } from '../core/perObject';
import { isUndetermined } from '../core/replay';
import type { CutoffView } from './selectors';

/** One key of a state table: two values side by side (acceptance and file order), each with the record that set it. */
export interface KeyRow {
  readonly key: string;
  readonly left: StateValue | undefined;
  /** The left value is the acceptance replay's marker for an undecided key, not a value a log set. */
  readonly leftUndetermined: boolean;
  readonly leftSetter: SeqRecord | null;
  readonly right: StateValue | undefined;
  readonly rightSetter: SeqRecord | null;
  readonly flag: { readonly text: string; readonly severity: 'error' | 'warning' | 'info' } | null;
}

/** The rows a state table lists, each made when asked for: a table of 100,000 keys shows a few dozen at a time. */
export interface KeyRowList {
  readonly length: number;
  row(i: number): KeyRow;
  /** Row i's key alone, without its values or their comparison: what a window on the table keys each row's height by. */
  key(i: number): string;
}

/** A state table's keys, counted, and listed whole or only those flagged. */
export interface KeyRowSource {
  /** Keys the table lists. */
  readonly count: number;
  /** Keys that differ or are undetermined (an `info` flag is not counted). */
  readonly flagged: number;
  list(onlyFlagged: boolean): KeyRowList;
}

/** The state at the cutoff: acceptance as of N beside the storage prefix. */
export function cutoffKeySource(view: CutoffView): KeyRowSource {
  const { keys, keyState } = view;
  return {
    count: keyState.listed,
    flagged: keyState.flagged,
    list: (onlyFlagged) => {
      const listed = listedKeys(keys, keyState, onlyFlagged);
      return { length: listed.length, row: (i) => cutoffRow(cutoffKeyRow(keys, keyState, listed[i]!)), key: (i) => keys.keys[listed[i]!]! };
    },
  };
}

function cutoffRow(r: CutoffKeyRow): KeyRow {
  return {
    key: r.key,
    left: r.acceptance,
    leftUndetermined: r.undetermined,
    leftSetter: r.acceptanceSetter,
    right: r.storage,
    rightSetter: r.storageSetter,
    // An unknown acceptance value decides nothing either way: the replays below and the report say so the same way.
    flag: r.undetermined ? { text: 'undetermined', severity: 'warning' } : r.differs ? { text: 'differs', severity: 'warning' } : null,
  };
}

/** The two whole-session replays, made once per session: they do not move with the cutoff, and the panel renders at every step. */
export const replayKeySourceOf = perObject((session: SessionAnalysis): KeyRowSource => {
  const all: KeyRow[] = session.replays.keys.map((k) => ({
    key: k.key,
    left: k.acceptance,
    leftUndetermined: isUndetermined(k),
    leftSetter: k.acceptanceSetter,
    right: k.storage,
    rightSetter: k.storageSetter,
    flag:
      // Without any acceptance order nothing was left undecided by a missing or shared number: there is no order to decide by.
      isUndetermined(k) && !session.ordering.hasAcceptanceOrder
        ? { text: 'no order', severity: 'info' }
        : isUndetermined(k)
          ? { text: 'undetermined', severity: 'warning' }
          : !sameJson(k.acceptance, k.storage)
            ? { text: 'decision flip', severity: 'error' }
            : null,
  }));
  const flagged = all.filter((r) => r.flag && r.flag.severity !== 'info');
  const listOf = (rows: readonly KeyRow[]): KeyRowList => ({ length: rows.length, row: (i) => rows[i]!, key: (i) => rows[i]!.key });
  return { count: all.length, flagged: flagged.length, list: (onlyFlagged) => listOf(onlyFlagged ? flagged : all) };
});
