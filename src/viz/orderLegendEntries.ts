import { CATEGORIES } from './categories';
import type { OrderModel } from './orderModel';
import { perObject } from '../core/perObject';

/** How an entry's mark is drawn: a category's colour, or one of the marks the figure adds over them. */
export type LegendMark = 'category' | 'inversion' | 'shared' | 'leak' | 'boundary' | 'turn';

export interface LegendEntry {
  readonly key: string;
  readonly mark: LegendMark;
  readonly label: string;
  /** The category index, for a `category` entry. */
  readonly category?: number;
  /** For the `leak` entry: leaks are drawn as ticks above the storage axis, not ringed, so its swatch is a tick. */
  readonly tick?: boolean;
}

/**
 * What the order view of this model can draw, in the order the legend lists
 * it. The page's legend and the exported figure's both come from here, so
 * neither can name a mark the other leaves out.
 */
export function orderLegendEntries(
  model: OrderModel,
  options: {
    readonly boundaries?: boolean;
    /** True where turn starts are drawn (light dashed ticks on the storage axis, without a label of their own). */
    readonly turns?: boolean;
    /** False where no cutoff is drawn (an export made without one): no leak can be drawn. */
    readonly cutoff?: boolean;
    /** False where marks are binned (an export past MAX_MARKS): no record gets its own diamond. */
    readonly recordMarks?: boolean;
    /** True where leaks are drawn as ticks, not rings: the page's dense view. Binned marks (no record marks) imply it. */
    readonly leakTicks?: boolean;
  } = {},
): LegendEntry[] {
  const { seen, displaced, duplicate } = marksOf(model);
  const entries: LegendEntry[] = CATEGORIES.flatMap((c, i) => (seen.has(i) ? [{ key: c.id, mark: 'category' as const, label: c.label, category: i }] : []));
  if (displaced) entries.push({ key: 'inversion', mark: 'inversion', label: 'stored after a later-accepted record' });
  if (options.recordMarks !== false && duplicate) entries.push({ key: 'shared', mark: 'shared', label: 'shared accept_seq' });
  // Without an acceptance order there is no cutoff, and a session stored in acceptance order leaks at no N: no leak can be drawn.
  if (model.hasAcceptanceOrder && options.cutoff !== false && canLeak(model)) {
    entries.push({ key: 'leak', mark: 'leak', label: 'future leak', tick: options.leakTicks ?? options.recordMarks === false });
  }
  if (options.boundaries) entries.push({ key: 'boundary', mark: 'boundary', label: 'effective history changes' });
  if (options.turns) entries.push({ key: 'turn', mark: 'turn', label: 'turn starts' });
  return entries;
}

interface ModelMarks {
  readonly seen: ReadonlySet<number>;
  readonly displaced: boolean;
  readonly duplicate: boolean;
}

/**
 * The categories and marks a model has, read once per model: the legend is
 * made again whenever the order view mounts (back from raw file order) or
 * turns dense, and reading a million records' categories each time took
 * 20-60 ms of that switch.
 */
export const marksOf = perObject((model: OrderModel): ModelMarks => {
  const present = new Uint8Array(256);
  for (const c of model.category) present[c] = 1;
  const seen = new Set<number>();
  present.forEach((p, c) => p && seen.add(c));
  return { seen, displaced: model.displaced.includes(1), duplicate: model.duplicate.includes(1) };
});

const leakable = new WeakMap<OrderModel, boolean>();

/**
 * Whether some N makes a future leak: a record on the acceptance axis stored
 * before one with a lower accept_seq (then, for an N between the two, the
 * later one ends the storage prefix and the earlier one was accepted after N).
 */
function canLeak(model: Pick<OrderModel, 'n' | 'accRank' | 'records'>): boolean {
  const known = leakable.get(model as OrderModel);
  if (known !== undefined) return known;
  let highest = -Infinity;
  let found = false;
  for (let i = 0; i < model.n && !found; i++) {
    if (model.accRank[i]! < 0) continue;
    const seq = model.records[i]!.acceptSeq!;
    if (seq < highest) found = true;
    else highest = seq;
  }
  leakable.set(model as OrderModel, found);
  return found;
}
