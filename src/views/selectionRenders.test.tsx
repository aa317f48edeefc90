// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { analysisOf } from '../state/testAnalysis';
import { useStore } from '../state/store';
import { initialView } from '../state/viewFromUrl';
import { EMPTY_URL_VIEW } from '../state/url';
import { MAX_LINKED } from '../viz/linksLayout';
import { LinksView } from './LinksView';
import { OrderView } from './OrderView';

// Each drawn mark (order view) and node (links view) writes its id through `marked`: its calls count the marks rendered.
const marks = vi.hoisted(() => ({ calls: 0 }));
vi.mock('./Marked', async (original) => {
  const real = await original<typeof import('./Marked')>();
  return {
    ...real,
    marked: (text: string) => {
      marks.calls++;
      return real.marked(text);
    },
  };
});

const WIDTH = 4000;
const widthOf = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth')!;
beforeAll(() => Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => WIDTH }));
afterAll(() => Object.defineProperty(HTMLElement.prototype, 'clientWidth', widthOf));

/** A session of writes chained per resource and reads, every one on the acceptance axis. */
const lines = Array.from({ length: 120 }, (_, i) =>
  i % 2 === 0
    ? { kind: 'write', id: `w${i}`, resource: `doc${i % 3}`, version: `v${i}`, actor: 'agent', accept_seq: i + 1 }
    : { kind: 'read', id: `r${i}`, resource: `doc${i % 3}`, version: `v${i - 1}`, actor: 'user', accept_seq: i + 1 },
);

async function rendersPerSelection(view: React.ReactElement): Promise<{ drawn: number; perSelection: number[] }> {
  const analysis = await analysisOf({ name: 'x.jsonl', lines });
  useStore.getState().setAnalysis(analysis, initialView(analysis, EMPTY_URL_VIEW, null));
  marks.calls = 0;
  render(view);
  const drawn = marks.calls;
  const perSelection = [];
  for (const index of [5, 6, 40, 41]) {
    marks.calls = 0;
    act(() => useStore.getState().selectRecord(index));
    perSelection.push(marks.calls);
  }
  return { drawn, perSelection };
}

describe('a selection redraws the selection, not every mark', () => {
  afterEach(cleanup);

  it('order view: the marks are drawn once and left alone when records are chosen', async () => {
    const { drawn, perSelection } = await rendersPerSelection(<OrderView />);
    expect(drawn).toBeGreaterThanOrEqual(lines.length);
    expect(perSelection).toEqual([0, 0, 0, 0]);
  });

  it('links view: only the nodes whose selection changed are drawn again', async () => {
    const { drawn, perSelection } = await rendersPerSelection(<LinksView />);
    expect(drawn).toBeGreaterThanOrEqual(lines.length);
    // Drawn again: the node chosen, the one no longer chosen and the few row titles; not the 120 nodes.
    expect(Math.max(...perSelection)).toBeLessThan(lines.length / 10);
  });
});

/** Twice as many chained writes as the links view draws at once, accepted in file order: record i is the i-th linked record. */
const longLines = Array.from({ length: MAX_LINKED * 2 }, (_, i) => ({ kind: 'write', id: `w${i}`, resource: 'doc', version: `v${i}`, actor: 'agent', accept_seq: i + 1 }));

describe('links view when its window moves', () => {
  afterEach(cleanup);

  it('draws again only the nodes the moved window adds (a sixth of it), not the whole window', async () => {
    const analysis = await analysisOf({ name: 'long.jsonl', lines: longLines });
    useStore.getState().setAnalysis(analysis, initialView(analysis, EMPTY_URL_VIEW, null));
    act(() => useStore.getState().selectRecord(MAX_LINKED));
    const { container } = render(<LinksView />);
    const firstNode = () => container.querySelector('.link-node title')?.textContent;
    const before = firstNode();
    const drawn: number[] = [];
    for (const index of [MAX_LINKED + MAX_LINKED / 6, MAX_LINKED]) {
      marks.calls = 0;
      act(() => useStore.getState().selectRecord(index));
      drawn.push(marks.calls);
    }
    // Moved by a sixth and back; a whole window drawn again is two calls per node (3,000 before marks kept their x across windows).
    expect(firstNode()).toBe(before);
    expect(drawn[0]).toBeGreaterThan(MAX_LINKED / 6);
    expect(drawn[0]).toBeLessThan(MAX_LINKED / 2);
    expect(drawn[1]).toBeLessThan(MAX_LINKED / 2);
  });
});
