import { describe, expect, it, vi } from 'vitest';
import { recordIndexOf, sessionOf } from '../state/selectors';
import { analysisOf, STALE_REFERENCE } from '../state/testAnalysis';
import { arcPointAt, layoutLinks, linkedRecordsOf, linksLayoutOf, linksWindowStart, MAX_LINKED } from './linksLayout';

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
