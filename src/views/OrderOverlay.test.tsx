// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { analysisOf, O1 } from '../state/testAnalysis';
import { useStore } from '../state/store';
import { initialView } from '../state/viewFromUrl';
import { EMPTY_URL_VIEW } from '../state/url';
import { OrderView } from './OrderView';

const widthOf = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth')!;
beforeAll(() => Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 600 }));
afterAll(() => Object.defineProperty(HTMLElement.prototype, 'clientWidth', widthOf));

describe('the order view shading what was accepted after N', () => {
  afterEach(cleanup);

  it('shades the acceptance axis past N while a record comes after it, and not at the last accept number', async () => {
    const analysis = await analysisOf({ name: 'o1.jsonl', lines: O1 });
    useStore.getState().setAnalysis(analysis, initialView(analysis, EMPTY_URL_VIEW, null));
    act(() => useStore.getState().selectSession('o1', 1));
    const { container } = render(<OrderView />);
    expect(container.querySelectorAll('rect.after-shade')).toHaveLength(1);
    act(() => useStore.getState().setCutoff(2));
    expect(container.querySelector('.cutoff-label')?.textContent).toBe('N = 2');
    expect(container.querySelectorAll('rect.after-shade')).toHaveLength(0);
  });
});
