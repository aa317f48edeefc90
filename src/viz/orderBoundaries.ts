import { andMore, formatCount, plural } from '../core/countText';
import type { InputBoundary, SeqRecord } from '../core/model';
import { placeNoun } from '../core/place';
import { boundaryName, firstNotBefore, sessionBoundaries } from '../core/sessionBoundaries';
import { PAD, projectX, visibleSlots, type XTransform } from './orderScene';
import { placeSpan } from '../core/markdownText';

/**
 * Turn starts and ends can number in the thousands and change no history on
 * their own: they are drawn as light ticks without a label (ends not at all,
 * the next start or an abort shows them). Every other kind — rollback,
 * compaction, turn aborted, deleted rows, and kinds a reader adds later — is a
 * labelled rule.
 */
const TURN_TICKS = new Set(['turn-start']);
const UNDRAWN = new Set(['turn-end']);

export interface PlacedBoundary {
  readonly boundary: InputBoundary;
  /** The session position it falls before (0…n): between the records at `at - 1` and `at`. */
  readonly at: number;
  /** Session positions [from, to) of the records it takes out of the effective history. */
  readonly cover: { readonly from: number; readonly to: number } | null;
  readonly rule: boolean;
  /** The kind in words, as the rule's label says it. */
  readonly name: string;
  /** What its line counts in its input: a line of text, or an item of a document or database. */
  readonly noun: 'line' | 'item';
}

/** One input's records of the session by line: position k of the run holds line `line(k)`, stored at session position `at(k)`. */
interface FileRun {
  readonly length: number;
  line(k: number): number;
  at(k: number): number;
}

function fileRun(records: readonly SeqRecord[], from: number, to: number): FileRun {
  let sorted = true;
  for (let k = from + 1; k < to && sorted; k++) sorted = records[k - 1]!.line < records[k]!.line;
  if (sorted) return { length: to - from, line: (k) => records[from + k]!.line, at: (k) => from + k };
  // A rollout stored by ordinal need not be in line order: only then is a sorted copy made.
  const order = Int32Array.from({ length: to - from }, (_, k) => from + k).sort((a, b) => records[a]!.line - records[b]!.line || a - b);
  return { length: order.length, line: (k) => records[order[k]!]!.line, at: (k) => order[k]! };
}


/**
 * Where `line` falls in the session's storage order: before the record on that
 * line (a rollout stores its boundary events as records), else right after the
 * last record written before it.
 */
function positionOf(run: FileRun, start: number, line: number): number {
  const k = firstNotBefore(run.length, (m) => run.line(m) < line);
  if (k < run.length && run.line(k) === line) return run.at(k);
  return k === 0 ? start : run.at(k - 1) + 1;
}

/** What of the boundaries the legend names: the rules (effective history changes), and the turn starts' ticks. */
export function boundaryLegend(placed: readonly PlacedBoundary[]): { boundaries: boolean; turns: boolean } {
  return { boundaries: placed.some((b) => b.rule), turns: placed.some((b) => !b.rule) };
}

/** First of the placed boundaries (sorted by position) at or after session position `at`. */
const firstAt = (placed: readonly PlacedBoundary[], at: number) => firstNotBefore(placed.length, (k) => placed[k]!.at < at);


/**
 * The boundaries of one session placed on its storage axis. `records` are the
 * session's records in storage order (input by input); a boundary whose
 * session is null applies to every session of its input. Costs a binary
 * search per boundary, and one pass over the records only of inputs that
 * have boundaries.
 */
export function placeBoundaries(
  records: readonly SeqRecord[],
  inputs: readonly { readonly boundaries?: readonly InputBoundary[]; readonly itemized?: boolean }[],
  session: string,
): PlacedBoundary[] {
  const placed: PlacedBoundary[] = [];
  for (const { file, start, end, boundaries } of sessionBoundaries(records, inputs, session)) {
    const input = inputs[file]!;
    const mine = boundaries.filter((b) => !UNDRAWN.has(b.kind));
    if (mine.length === 0) continue;
    const run = fileRun(records, start, end);
    for (const b of mine) {
      const cover = b.covers ? { from: positionOf(run, start, b.covers.fromLine), to: positionOf(run, start, b.covers.toLine + 1) } : null;
      placed.push({ boundary: b, at: positionOf(run, start, b.line), cover: cover && cover.to > cover.from ? cover : null, rule: !TURN_TICKS.has(b.kind), name: boundaryName(b.kind), noun: placeNoun(input) });
    }
  }
  return placed.sort((a, b) => a.at - b.at);
}

/** Heights relative to the storage axis: the rule crosses it, its label sits above the records' ids, a band covers the marks. */
export const BOUNDARY_Y = { ruleFrom: -30, ruleTo: 16, label: -21, band: 14, tick: 7 } as const;

export interface BoundaryRule {
  readonly x: number;
  /** Labels near the right edge run leftwards from their rule. */
  readonly anchor: 'start' | 'end';
  readonly kind: string;
  /** The short label, with how many more rules it stands for when theirs would overlap it (`rollback +2`); null when the previous label covers it. */
  readonly label: string | null;
  readonly title: string;
}

export interface BoundaryScene {
  readonly rules: readonly BoundaryRule[];
  readonly ticks: readonly number[];
  readonly bands: readonly { readonly x1: number; readonly x2: number; readonly title: string }[];
}

/** Pixels the longest 10 px label takes (`turn aborted +9`), and the gap kept after it. */
const LABEL_PX = 15 * 5.8;
const LABEL_GAP = 8;
/** Which kind a shared label names: what takes records out of the history before what only summarises or stops. */
const PRIORITY = ['rollback', 'deletion', 'compaction', 'turn-aborted'];
const rank = (p: PlacedBoundary) => {
  const r = PRIORITY.indexOf(p.boundary.kind);
  return r < 0 ? PRIORITY.length : r;
};

const x = (at: number, n: number, width: number, t: XTransform) => projectX(at / n, width, t);

/**
 * Counts what is folded into the last of `drawn` (drawn in its place, not itself): `close`, before another is
 * drawn and at the end, says how many in that one's title, `(and 3 more ranges here)`.
 */
function foldedInto(drawn: readonly { title: string }[], more: (count: number) => string) {
  let count = 0;
  return {
    add: () => {
      count++;
    },
    close: () => {
      if (count > 0) drawn[drawn.length - 1]!.title += ` (and ${more(count)} here)`;
      count = 0;
    },
  };
}

/** The boundary's own label, where it is and what it covers: a rule's tooltip, the raw table's separator row. */
export function boundaryTitle(p: PlacedBoundary): string {
  const c = p.boundary.covers;
  return `${p.boundary.label} · ${p.noun} ${p.boundary.line}${c ? ` · takes ${placeSpan(p.noun, c.fromLine, c.toLine)} out of the effective history (kept and shown)` : ''}`;
}

/**
 * What is in view at this zoom: rules with labels that do not overlap, turn
 * ticks, and covered ranges as bands; at most one of each per pixel column.
 * A session database with a deleted row every fifth drew 25,000 rules with
 * their bands at the first view, and held the page 320-370 ms; a rule drawn
 * for several says how many in its title and its label.
 */
export function boundaryScene(placed: readonly PlacedBoundary[], n: number, width: number, t: XTransform): BoundaryScene {
  if (n === 0 || placed.length === 0) return { rules: [], ticks: [], bands: [] };
  const [s0, s1] = visibleSlots(n, width, t);
  const from = firstAt(placed, s0);
  const rules: { x: number; anchor: 'start' | 'end'; kind: string; label: string | null; title: string }[] = [];
  const ticks: number[] = [];
  // Rules closer than a label share the first one's label, which names the kind that matters most and counts the others.
  let cluster: { index: number; end: number; more: number; best: PlacedBoundary } | null = null;
  const close = () => {
    if (cluster) rules[cluster.index]!.label = `${cluster.best.name}${cluster.more > 0 ? ` +${formatCount(cluster.more)}` : ''}`;
  };
  // Rules and ticks falling in the pixel column of the one drawn before are counted, not drawn.
  let ruleColumn = NaN;
  const sameColumn = foldedInto(rules, (count) => plural(count, 'more boundary', 'more boundaries'));
  let tickColumn = NaN;
  for (let k = from; k < placed.length && placed[k]!.at <= s1 + 1; k++) {
    const p = placed[k]!;
    const px = x(p.at, n, width, t);
    const column = Math.round(px);
    if (!p.rule) {
      if (column !== tickColumn) ticks.push(px);
      tickColumn = column;
      continue;
    }
    if (column === ruleColumn) {
      sameColumn.add();
      cluster!.more++;
      if (rank(p) < rank(cluster!.best)) cluster!.best = p;
      continue;
    }
    sameColumn.close();
    ruleColumn = column;
    const rule = { x: px, anchor: 'start' as const, kind: p.boundary.kind, label: null, title: boundaryTitle(p) };
    if (cluster && px < cluster.end) {
      cluster.more++;
      if (rank(p) < rank(cluster.best)) cluster.best = p;
      rules.push(rule);
      continue;
    }
    close();
    cluster = { index: rules.length, end: px + LABEL_PX + LABEL_GAP, more: 0, best: p };
    rules.push({ ...rule, anchor: px + LABEL_PX > width - PAD ? 'end' : 'start' });
  }
  sameColumn.close();
  close();
  return { rules, ticks, bands: bandsOf(placed, n, width, t) };
}

/** Covered ranges in view, those that touch or overlap on screen drawn as one band whose title counts them. */
function bandsOf(placed: readonly PlacedBoundary[], n: number, width: number, t: XTransform): BoundaryScene['bands'] {
  const left = PAD - 8;
  const right = width - PAD + 8;
  const spans = placed
    .filter((p) => p.cover)
    .map((p) => ({ x1: Math.max(left, x(p.cover!.from, n, width, t)), x2: Math.min(right, x(p.cover!.to, n, width, t)), p }))
    .filter((b) => b.x2 > b.x1)
    .sort((a, b) => a.x1 - b.x1);
  const bands: { x1: number; x2: number; title: string }[] = [];
  const merged = foldedInto(bands, (count) => plural(count, 'more range'));
  for (const b of spans) {
    const last = bands[bands.length - 1];
    if (last && b.x1 <= last.x2 + 1) {
      last.x2 = Math.max(last.x2, b.x2);
      merged.add();
      continue;
    }
    merged.close();
    bands.push({ x1: b.x1, x2: b.x2, title: boundaryTitle(b.p) });
  }
  merged.close();
  return bands;
}

const SPOKEN = 20;

/** The rules in words, for the figure's description: the drawing itself is hidden from assistive technology. */
export function boundarySummary(placed: readonly PlacedBoundary[]): string {
  const rules = placed.filter((p) => p.rule);
  if (rules.length === 0) return '';
  const said = rules.slice(0, SPOKEN).map((p) => {
    const c = p.boundary.covers;
    return `${p.name} at ${p.noun} ${p.boundary.line}${c ? ` (${placeSpan(p.noun, c.fromLine, c.toLine)} out of the effective history)` : ''}`;
  });
  const more = andMore(rules.length, said.length);
  return `Marked on the storage axis where the effective history changes: ${said.join('; ')}${more && `;${more}`}.`;
}

/** The rules that fall before session positions from…to (inclusive: `to` may be the end, after the last record), by binary search. */
export function rulesBetween(placed: readonly PlacedBoundary[], from: number, to: number): PlacedBoundary[] {
  const out: PlacedBoundary[] = [];
  for (let k = firstAt(placed, from); k < placed.length && placed[k]!.at <= to; k++) if (placed[k]!.rule) out.push(placed[k]!);
  return out;
}
