import type { SessionAnalysis } from '../core/analyze';
import { idField, stringField } from '../core/fields';
import type { Finding, SeqRecord } from '../core/model';
import { clearIsCommitted, referencesOf } from '../core/references';
import type { RecordLookup } from '../core/recordLookup';
import { perObject } from '../core/perObject';

const LINKED = new Set(['response', 'request', 'clear', 'read', 'write', 'notice']);
export const MAX_LINKED = 1500;
const MAX_RESOURCES = 12;

export interface LinkNode {
  readonly record: SeqRecord;
  /** Along the session's whole run of linked records, so a record keeps its x in every window; drawn at x - offset. */
  readonly x: number;
  readonly y: number;
  readonly row: number;
  /**
   * Its place along the session modulo the window's size: unique within a window, the same for a record in
   * every window, so as a React key a moved window updates the marks it leaves into those it adds instead of
   * removing the one and creating the other.
   */
  readonly slot: number;
  /** A write that did not succeed, or a clear that did not commit. */
  readonly failed: boolean;
}

export interface LinkArc {
  readonly from: LinkNode;
  readonly to: LinkNode;
  readonly kind: 'reference' | 'stale' | 'lost-update' | 'chain';
  /** For a stale reference: the x of the clear it crosses. */
  readonly crossesX: number | null;
  /** By its ends' slots: the same in every window that draws this arc, so React keeps its element when the window moves. */
  readonly key: string;
}

export interface LinksLayout {
  readonly nodes: readonly LinkNode[];
  readonly arcs: readonly LinkArc[];
  readonly clears: readonly LinkNode[];
  readonly rows: readonly { readonly label: string; readonly y: number }[];
  /** Room on the left for the row labels. */
  readonly gutter: number;
  readonly spacing: number;
  /** How far the window's records sit from the session's first linked record: what to shift the drawing by. */
  readonly offset: number;
  readonly width: number;
  readonly height: number;
  /** How many linked records exist, and how many are laid out. */
  readonly total: number;
  readonly shown: number;
  readonly hiddenResources: number;
}

/** A session's linked records in analysis order: found once per session, not by a pass over all its records at every selection. */
export const linkedRecordsOf = perObject((session: SessionAnalysis): readonly SeqRecord[] => session.ordering.analysisOrder.filter((r) => LINKED.has(r.kind)));

/** The findings the links view draws (stale references and lost updates), per session: a million findings are read once, not at every selection. */
export const linkFindingsOf = perObject((findings: readonly Finding[]): ReadonlyMap<string, readonly Finding[]> => {
  const bySession = new Map<string, Finding[]>();
  for (const f of findings) {
    if (f.session === null || (f.code !== 'stale-reference' && f.code !== 'lost-update')) continue;
    let list = bySession.get(f.session);
    if (!list) bySession.set(f.session, (list = []));
    list.push(f);
  }
  return bySession;
});

/** How far the window of drawn records moves at a time: records chosen near each other share one window, and so one layout. */
const WINDOW_STEP = MAX_LINKED / 6;

/**
 * Where the drawn records start among a session's linked records: around the chosen record, in steps of
 * WINDOW_STEP, so the chosen record stays within a sixth of the window's middle and choosing a nearby
 * record keeps the same layout (thousands of drawn elements left as they are) instead of shifting it by one.
 */
export function linksWindowStart(session: SessionAnalysis, around: SeqRecord | null): number {
  const all = linkedRecordsOf(session);
  if (all.length <= MAX_LINKED || !around) return 0;
  // A search by identity among the linked records is a fraction of a millisecond; a Map of them all cost more to build than it saved.
  const at = all.indexOf(around);
  if (at < 0) return 0;
  return Math.max(0, Math.min(all.length - MAX_LINKED, Math.round((at - MAX_LINKED / 2) / WINDOW_STEP) * WINDOW_STEP));
}

/**
 * References and write chains of one session in its analysis order, from the linked record at start
 * (linksWindowStart): one row for responses and requests, one per resource; clears as rules across all
 * rows so a stale reference visibly crosses the clear it violates.
 */
export function layoutLinks(session: SessionAnalysis, findings: readonly Finding[], positions: RecordLookup, minWidth: number, start: number): LinksLayout {
  const all = linkedRecordsOf(session);
  const linked = all.slice(start, start + MAX_LINKED);
  const resources = [...new Set(linked.filter((r) => r.kind === 'read' || r.kind === 'write').map((r) => idField(r, 'resource') ?? '?'))];
  const shownResources = resources.slice(0, MAX_RESOURCES);
  const top = 70;
  const rowGap = 48;
  const gutter = Math.round(Math.min(170, Math.max(90, minWidth * 0.18)));
  const hasRefs = linked.some((r) => r.kind === 'response' || r.kind === 'request');
  const rows: { label: string; y: number }[] = [];
  if (hasRefs) rows.push({ label: 'responses · requests', y: top });
  shownResources.forEach((res, k) => rows.push({ label: res, y: top + (hasRefs ? k + 1 : k) * rowGap }));
  const rowOfResource = new Map(shownResources.map((res, k) => [res, hasRefs ? k + 1 : k]));
  const spacing = Math.max(26, (minWidth - gutter - 10) / Math.max(1, linked.length));
  const width = Math.max(minWidth, gutter + 10 + spacing * linked.length);
  const offset = spacing * start;
  const nodes: LinkNode[] = [];
  const clears: LinkNode[] = [];
  const nodeOf = new Map<SeqRecord, LinkNode>();
  linked.forEach((r, k) => {
    const x = gutter + spacing * (start + k + 0.5);
    if (r.kind === 'clear') {
      clears.push({ record: r, x, y: 0, row: -1, slot: (start + k) % MAX_LINKED, failed: !clearIsCommitted(r) });
      return;
    }
    let row = 0;
    if (r.kind === 'read' || r.kind === 'write') {
      const res = rowOfResource.get(idField(r, 'resource') ?? '?');
      if (res === undefined) return;
      row = res;
    } else if (r.kind === 'notice') {
      const target = linked.find((w) => w.kind === 'write' && String(w.id) === idField(r, 'ref'));
      row = target ? (rowOfResource.get(idField(target, 'resource') ?? '?') ?? 0) : 0;
    }
    const failed = r.kind === 'write' && (stringField(r, 'outcome') ?? 'ok') !== 'ok';
    const node = { record: r, x, y: rows[row]?.y ?? top, row, slot: (start + k) % MAX_LINKED, failed };
    nodes.push(node);
    nodeOf.set(r, node);
  });

  const arcs: LinkArc[] = [];
  const keys = new Set<string>();
  const arc = (from: LinkNode, to: LinkNode, kind: LinkArc['kind'], crossesX: number | null) => {
    let key = `${kind} ${from.slot} ${to.slot}`;
    while (keys.has(key)) key += "'";
    keys.add(key);
    arcs.push({ from, to, kind, crossesX, key });
  };
  const created = new Map<string, LinkNode>();
  const lastWrite = new Map<string, LinkNode>();
  for (const node of nodes) {
    const r = node.record;
    if (r.kind === 'request' || r.kind === 'response') {
      for (const ref of referencesOf(r)) {
        const target = created.get(ref);
        if (target) arc(target, node, 'reference', null);
      }
      const id = r.kind === 'response' ? idField(r, 'response_id') : undefined;
      if (id !== undefined) created.set(id, node);
    } else if (r.kind === 'write' && !node.failed) {
      const res = idField(r, 'resource') ?? '?';
      const prev = lastWrite.get(res);
      if (prev) arc(prev, node, 'chain', null);
      lastWrite.set(res, node);
    }
  }
  const nodeAt = new Map<number | undefined, LinkNode>();
  for (const [r, node] of nodeOf) nodeAt.set(positions.get(r), node);
  const clearAt = new Map(clears.map((c) => [positions.get(c.record), c]));
  for (const f of linkFindingsOf(findings).get(session.session) ?? []) {
    if (f.code === 'stale-reference' && f.recordIndex.length === 3) {
      const from = nodeAt.get(f.recordIndex[0]);
      const to = nodeAt.get(f.recordIndex[2]);
      const clear = clearAt.get(f.recordIndex[1]);
      if (from && to) arc(from, to, 'stale', clear?.x ?? null);
    } else if (f.code === 'lost-update' && f.recordIndex.length === 2) {
      const from = nodeAt.get(f.recordIndex[0]);
      const to = nodeAt.get(f.recordIndex[1]);
      if (from && to) arc(from, to, 'lost-update', null);
    }
  }
  return {
    nodes,
    arcs,
    clears,
    rows,
    gutter,
    spacing,
    offset,
    width,
    height: (rows[rows.length - 1]?.y ?? top) + 34,
    total: all.length,
    shown: linked.length,
    hiddenResources: resources.length - shownResources.length,
  };
}

/** Windows kept per session: next-finding presses at 10^6 records came back to the same few windows, each a layout of ~350 KB built again. */
const KEPT_LAYOUTS = 8;

interface KeptLayout {
  readonly findings: readonly Finding[];
  readonly positions: RecordLookup;
  readonly layout: LinksLayout;
}

const keptLayouts = perObject((_: SessionAnalysis) => new Map<string, KeptLayout>());

/**
 * layoutLinks, kept for the last few windows of each session: going back to a window (or to the
 * derived views, which mount the view again) returns the very layout drawn before, so memoised
 * marks see the same nodes.
 */
export function linksLayoutOf(session: SessionAnalysis, findings: readonly Finding[], positions: RecordLookup, minWidth: number, start: number): LinksLayout {
  const kept = keptLayouts(session);
  const key = `${start} ${minWidth}`;
  const found = kept.get(key);
  if (found && found.findings === findings && found.positions === positions) {
    kept.delete(key);
    kept.set(key, found);
    return found.layout;
  }
  const layout = layoutLinks(session, findings, positions, minWidth, start);
  kept.delete(key);
  kept.set(key, { findings, positions, layout });
  if (kept.size > KEPT_LAYOUTS) kept.delete(kept.keys().next().value!);
  return layout;
}

/** A point on the arc drawn from (x1, y) to (x2, y) bulging up by h, at horizontal position x. */
export function arcPointAt(x1: number, x2: number, y: number, h: number, x: number): { x: number; y: number } {
  const t = x2 === x1 ? 0.5 : (x - x1) / (x2 - x1);
  return { x, y: y - 2 * h * t * (1 - t) };
}

/** How far an arc bulges: more for longer arcs, but never into the row above (the first row has the clears' headroom). */
export function arcHeight(x1: number, x2: number, firstRow: boolean): number {
  return Math.min(firstRow ? 44 : 18, 8 + Math.abs(x2 - x1) / 4);
}

/**
 * A clear's label is bold at 10.5 px: about this wide a character (5.7-6.6 px measured for lower case and
 * digits). Wider, labels a few pixels apart were taken to overlap and moved to the next line.
 */
export const CLEAR_LABEL_CHAR_PX = 6.3;
/** Between a clear's rule and its label, and between two labels on one line. */
const LABEL_GAP = 3;
/** The lines clears' labels take above the rows: the first row's arcs reach up to just below the second. */
const CLEAR_LABEL_LINES = 2;

export interface LabelPlace {
  readonly x: number;
  readonly anchor: 'start' | 'end';
}

export interface ClearLabel extends LabelPlace {
  /** The line it is on, 0 the top one: a label that would overlap the one before it on a line goes on the next. */
  readonly line: number;
}

/**
 * Where the label of `chars` characters of a clear whose rule is at x goes, within the drawing's
 * left and right edges: after the rule; before it, ending there, where after it would run past the
 * right edge (the drawing clips it: `clear clear-4` was cut to `clear` at the end of a session);
 * when neither side has room, as far left as keeps its end inside.
 */
export function clearLabelPlace(x: number, chars: number, left: number, right: number): LabelPlace {
  const width = chars * CLEAR_LABEL_CHAR_PX;
  if (x + LABEL_GAP + width <= right) return { x: x + LABEL_GAP, anchor: 'start' };
  if (x - LABEL_GAP - width >= left) return { x: x - LABEL_GAP, anchor: 'end' };
  return { x: Math.max(left, right - width), anchor: 'start' };
}

/** The left and right ends of a label of `chars` characters placed at `place`. */
export function labelExtent(place: LabelPlace, chars: number): readonly [number, number] {
  const width = chars * CLEAR_LABEL_CHAR_PX;
  return place.anchor === 'start' ? [place.x, place.x + width] : [place.x - width, place.x];
}

/**
 * The labels of clears (in the order drawn, left to right), each placed by clearLabelPlace on the
 * first line where it starts after the label before it ends: a label moved before its rule at the
 * right edge would otherwise be drawn over its neighbour's. Where every line is taken, the line whose
 * last label ends first.
 */
export function clearLabels(clears: readonly { readonly x: number; readonly chars: number }[], left: number, right: number): ClearLabel[] {
  const ends: number[] = Array.from({ length: CLEAR_LABEL_LINES }, () => -Infinity);
  return clears.map(({ x, chars }) => {
    const place = clearLabelPlace(x, chars, left, right);
    const [from, to] = labelExtent(place, chars);
    let line = ends.findIndex((end) => end + LABEL_GAP <= from);
    if (line < 0) line = ends.indexOf(Math.min(...ends));
    ends[line] = to;
    return { ...place, line };
  });
}
