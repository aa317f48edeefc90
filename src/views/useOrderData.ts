import { useMemo } from 'react';
import { cutoffViewOf, recordIndexOf, sessionOf, type CutoffView } from '../state/selectors';
import { useStore } from '../state/store';
import type { ParsedInput } from '../core/model';
import type { OrderModel } from '../viz/orderModel';
import { LANE } from '../core/recordOrder';
import { futureLeakTest } from '../core/recordLeak';
import { cutoffRank } from '../viz/orderModel';
import { orderModelOf } from '../viz/sessionModel';
import { placeBoundaries, type PlacedBoundary } from '../viz/orderBoundaries';

export interface OrderData {
  readonly model: OrderModel;
  readonly n: number | null;
  readonly cutRank: number;
  readonly cutoff: CutoffView | null;
  /** Session indices of the listed leaks (the first LISTED_LEAKS), the selection and the focused record. */
  readonly leaks: Int32Array;
  /** Whether the record at a session index is a future leak at N: O(1), for the marks in view. */
  readonly isLeak: (i: number) => boolean;
  readonly selected: readonly number[];
  readonly focus: number | null;
  readonly hover: number | null;
  readonly toGlobal: (sessionIndex: number) => number;
  /** The analysis' inputs, for what a record's `line` counts (placeNoun). */
  readonly inputs: readonly ParsedInput[];
  /** Where the inputs' boundaries (rollbacks, compactions, turns…) fall on this session's storage axis. */
  readonly boundaries: readonly PlacedBoundary[];
}

/** The order view's inputs from the store, translated from analysis positions to positions in the shown session. */
export function useOrderData(): OrderData | null {
  const analysis = useStore((s) => s.analysis);
  const sessionName = useStore((s) => s.session);
  const n = useStore((s) => s.cutoff);
  const selection = useStore((s) => s.selection);
  const hoverGlobal = useStore((s) => s.hover);
  const session = sessionOf(analysis, sessionName);
  const model = useMemo(() => (session ? orderModelOf(session) : null), [session]);
  const inputs = analysis?.inputs;
  const boundaries = useMemo(() => (model && session && inputs ? placeBoundaries(model.records, inputs, session.session) : []), [model, session, inputs]);
  const toGlobal = useMemo(() => {
    if (!analysis || !model) return () => -1;
    const index = recordIndexOf(analysis);
    return (i: number) => index.get(model.records[i]!) ?? -1;
  }, [analysis, model]);
  const cutoff = session && n !== null ? cutoffViewOf(session, n) : null;
  const leaks = useMemo(() => {
    if (!model || !cutoff) return new Int32Array(0);
    return Int32Array.from(cutoff.leaks, (r) => model.indexOf.get(r) ?? -1);
  }, [model, cutoff]);
  const isLeak = useMemo(() => {
    if (!model || !cutoff || n === null) return () => false;
    const leak = futureLeakTest(n, cutoff.prefixLast, model.indexOf);
    // The lane is read instead of the record's kind: the axis holds the participants that carry a number, the only ones that can leak.
    return (i: number) => leak(model.lane[i] === LANE.axis, model.records[i]!.acceptSeq, i);
  }, [model, cutoff, n]);
  const local = useMemo(() => {
    if (!analysis || !model) return { selected: [] as number[], focus: null as number | null };
    const toLocal = (g: number | null) => (g === null ? undefined : model.indexOf.get(analysis.records[g]!));
    const selected = selection.records.map(toLocal).filter((i): i is number => i !== undefined);
    return { selected, focus: toLocal(selection.focus) ?? null };
  }, [analysis, model, selection]);
  const hover = analysis && model && hoverGlobal !== null ? (model.indexOf.get(analysis.records[hoverGlobal]!) ?? null) : null;
  if (!model || !analysis) return null;
  return { model, n, cutRank: cutoffRank(model, n), cutoff, leaks, isLeak, ...local, hover, toGlobal, inputs: analysis.inputs, boundaries };
}
