import { describe, expect, it, vi } from 'vitest';
import { recordIndexOf, sessionOf } from '../state/selectors';
import { analysisOf, STALE_REFERENCE } from '../state/testAnalysis';
import { arcPointAt, CLEAR_LABEL_CHAR_PX, clearLabelPlace, clearLabels, labelExtent, layoutLinks, linkedRecordsOf, linksLayoutOf, linksWindowStart, MAX_LINKED } from './linksLayout';

describe('links layout', () => {
  it('draws a stale reference across the clear it violates, and a lost update between two writes', async () => {
    const a = await analysisOf({
      name: 'links.jsonl',
      lines: [
        ...STALE_REFERENCE,
        { kind: 'read', id: 'rd', resource: 'doc', version: 'v1', actor: 'agent', accept_seq: 4 },
        { kind: 'write', id: 'w1', resource: 'doc', if_match: 'v1', version: 'v2', actor: 'user', accept_seq: 5 },
        { kind: 'write', id: 'w2', resource: 'doc', if_match: 'v1', version: 'v3', actor: 'agent', accept_seq: 6 },
      ],
    });
    const layout = layoutLinks(sessionOf(a, 'default')!, a.findings, recordIndexOf(a), 600, 0);
    expect(layout.rows.map((r) => r.label)).toEqual(['responses · requests', 'doc']);
    expect(layout.clears).toHaveLength(1);
    const stale = layout.arcs.find((arc) => arc.kind === 'stale')!;
    expect(stale.crossesX).toBe(layout.clears[0]!.x);
    expect(stale.from.x).toBeLessThan(stale.crossesX!);
    expect(stale.to.x).toBeGreaterThan(stale.crossesX!);
    const lost = layout.arcs.find((arc) => arc.kind === 'lost-update')!;
    expect([lost.from.record.id, lost.to.record.id]).toEqual(['w1', 'w2']);
    expect(layout.arcs.filter((arc) => arc.kind === 'chain')).toHaveLength(1);
  });

  it('puts a crossing point on the arc between its ends', () => {
    expect(arcPointAt(0, 100, 50, 20, 50)).toEqual({ x: 50, y: 40 });
    expect(arcPointAt(0, 100, 50, 20, 0).y).toBe(50);
  });
});

describe('links layout at a new selection', () => {
  it('reads the session and the findings once, not again for each record chosen', async () => {
    const a = await analysisOf({ name: 'links.jsonl', lines: STALE_REFERENCE });
    const session = sessionOf(a, 'default')!;
    const order = session.ordering.analysisOrder;
    const passes = vi.spyOn(order, 'filter');
    const findingPasses = vi.spyOn(a.findings, Symbol.iterator);
    const first = layoutLinks(session, a.findings, recordIndexOf(a), 600, linksWindowStart(session, order[0]!));
    const again = layoutLinks(session, a.findings, recordIndexOf(a), 600, linksWindowStart(session, order[1]!));
    expect(again.arcs.map((arc) => arc.kind)).toEqual(first.arcs.map((arc) => arc.kind));
    expect(passes).toHaveBeenCalledTimes(1);
    expect(findingPasses).toHaveBeenCalledTimes(1);
    expect(linkedRecordsOf(session)).toBe(linkedRecordsOf(session));
  });
});

describe('links layout window in a long session', () => {
  it('keeps one window for records chosen near each other, with the chosen record in its middle', async () => {
    const lines = Array.from({ length: MAX_LINKED * 3 }, (_, i) => ({ kind: 'write', id: `w${i}`, resource: 'doc', version: `v${i}`, actor: 'agent', accept_seq: i + 1 }));
    const session = sessionOf(await analysisOf({ name: 'long.jsonl', lines }), 'default')!;
    const linked = linkedRecordsOf(session);
    const starts = [2000, 2001, 2010].map((at) => linksWindowStart(session, linked[at]!));
    expect(new Set(starts).size).toBe(1);
    for (const at of [0, 900, 2000, 2200, 4499]) {
      const start = linksWindowStart(session, linked[at]!);
      expect(start).toBeGreaterThanOrEqual(0);
      expect(start + MAX_LINKED).toBeLessThanOrEqual(linked.length);
      const edge = Math.min(at - start, start + MAX_LINKED - 1 - at);
      // Away from the session's ends the chosen record is at least a third of the window from either edge.
      if (at >= MAX_LINKED / 2 && at < linked.length - MAX_LINKED / 2) expect(edge).toBeGreaterThanOrEqual(MAX_LINKED / 3);
      else expect(at - start).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('links layouts kept per session', () => {
  it('returns the very layout of a window seen before, and places a record at the same x in every window', async () => {
    const lines = Array.from({ length: MAX_LINKED * 2 }, (_, i) => ({ kind: 'write', id: `w${i}`, resource: 'doc', version: `v${i}`, actor: 'agent', accept_seq: i + 1 }));
    const a = await analysisOf({ name: 'long.jsonl', lines });
    const session = sessionOf(a, 'default')!;
    const layoutAt = (start: number) => linksLayoutOf(session, a.findings, recordIndexOf(a), 900, start);
    const first = layoutAt(0);
    const moved = layoutAt(MAX_LINKED / 6);
    expect(layoutAt(0)).toBe(first);
    expect(moved).not.toBe(first);
    const shared = linkedRecordsOf(session)[MAX_LINKED / 2]!;
    const xIn = (layout: typeof first) => layout.nodes.find((n) => n.record === shared)!.x;
    expect(xIn(moved)).toBe(xIn(first));
    expect(moved.offset - first.offset).toBe((moved.spacing * MAX_LINKED) / 6);
  });
});

describe("a clear's label", () => {
  const chars = 'clear clear-1'.length;

  it('starts after its rule where there is room before the right edge', () => {
    expect(clearLabelPlace(100, chars, 0, 600)).toEqual({ x: 103, anchor: 'start' });
  });

  it('ends before its rule near the right edge, inside the drawing', () => {
    const place = clearLabelPlace(580, chars, 0, 600);
    expect(place).toEqual({ x: 577, anchor: 'end' });
    const [from, to] = labelExtent(place, chars);
    expect(from).toBeGreaterThanOrEqual(0);
    expect(to).toBeLessThanOrEqual(580);
  });

  it('ends at the right edge when neither side of its rule has room, and never starts before the left edge', () => {
    expect(labelExtent(clearLabelPlace(60, chars, 0, 100), chars)).toEqual([100 - chars * CLEAR_LABEL_CHAR_PX, 100]);
    expect(clearLabelPlace(20, 30, 0, 100)).toEqual({ x: 0, anchor: 'start' });
  });

  it('stays inside the drawing for a clear at the end of a session, in a window moved along a long one too', async () => {
    const lines = [...Array.from({ length: 40 }, (_, i) => ({ kind: 'response', id: `r${i}`, response_id: `resp_${i}`, accept_seq: i + 1 })), { kind: 'clear', id: 'clear-1', accept_seq: 41 }];
    const a = await analysisOf({ name: 'clear-last.jsonl', lines });
    const session = sessionOf(a, 'default')!;
    for (const [width, start] of [[390, 0], [1440, 0], [390, 20]] as const) {
      const layout = layoutLinks(session, a.findings, recordIndexOf(a), width, start);
      const clear = layout.clears[0]!;
      const right = layout.offset + layout.width;
      // Drawn after its rule, the label would run past the right edge.
      expect(clear.x + 3 + chars * CLEAR_LABEL_CHAR_PX).toBeGreaterThan(right);
      const [from, to] = labelExtent(clearLabels([{ x: clear.x, chars }], layout.offset, right)[0]!, chars);
      expect(from).toBeGreaterThanOrEqual(layout.offset);
      expect(to).toBeLessThanOrEqual(right);
    }
  });

  it('goes on the next line where it would overlap the label before it, and stays on the top line where it would not', () => {
    const w = chars * CLEAR_LABEL_CHAR_PX;
    // The last clear near the right edge has its label before its rule, where its neighbour's label runs.
    const labels = clearLabels([{ x: 0, chars }, { x: 400, chars }, { x: 500 - 20, chars }], 0, 500);
    expect(labels.map((l) => [l.anchor, l.line])).toEqual([['start', 0], ['start', 0], ['end', 1]]);
    const apart = clearLabels([{ x: 0, chars }, { x: w + 10, chars }], 0, 1000);
    expect(apart.map((l) => l.line)).toEqual([0, 0]);
    // Three crowded together: the third goes back to the line whose last label ends first.
    expect(clearLabels([{ x: 0, chars }, { x: 10, chars }, { x: 20, chars }], 0, 1000).map((l) => l.line)).toEqual([0, 1, 0]);
  });
});
