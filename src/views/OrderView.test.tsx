// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { analysisOf } from '../state/testAnalysis';
import { useStore } from '../state/store';
import { initialView } from '../state/viewFromUrl';
import { EMPTY_URL_VIEW } from '../state/url';
import type { XTransform } from '../viz/orderScene';
import { OrderView } from './OrderView';

// The zoom every render of the marks was given, in order.
const drawn = vi.hoisted(() => ({ zooms: [] as XTransform[] }));
vi.mock('./OrderSvg', () => ({
  OrderSvg: ({ t }: { t: XTransform }) => {
    drawn.zooms.push(t);
    return null;
  },
}));

const widthOf = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth')!;
beforeAll(() => Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 600 }));
afterAll(() => Object.defineProperty(HTMLElement.prototype, 'clientWidth', widthOf));

const session = (name: string) => Array.from({ length: 20 }, (_, i) => ({ kind: 'input', id: `${name}${i}`, op: 'allow', session: name, accept_seq: i + 1 }));

describe('the order view zoom', () => {
  afterEach(cleanup);

  it('draws a session shown again once, unzoomed, not first at the zoom it had before', async () => {
    const analysis = await analysisOf({ name: 'x.jsonl', lines: [...session('a'), ...session('b')] });
    useStore.getState().setAnalysis(analysis, initialView(analysis, EMPTY_URL_VIEW, null));
    act(() => useStore.getState().selectSession('a', null));
    const { getByRole } = render(<OrderView />);
    act(() => getByRole('button', { name: 'Zoom in' }).click());
    expect(drawn.zooms.at(-1)!.k).toBe(2);
    act(() => useStore.getState().selectSession('b', null));
    drawn.zooms = [];
    act(() => useStore.getState().selectSession('a', null));
    expect(drawn.zooms.length).toBe(1);
    expect(drawn.zooms.every((t) => t.k === 1 && t.x === 0)).toBe(true);
    expect((getByRole('button', { name: 'Reset' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
