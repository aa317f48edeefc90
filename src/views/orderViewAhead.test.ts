import { afterEach, describe, expect, it, vi } from 'vitest';
import { analysisOf } from '../state/testAnalysis';
import { useStore } from '../state/store';
import { denseBinsOf, IDENTITY } from '../viz/orderScene';
import { orderModelOf } from '../viz/sessionModel';
import { prepareOrderView, rememberOrderWidth } from './orderViewAhead';

vi.mock('../viz/orderScene', async (original) => {
  const actual = await original<typeof import('../viz/orderScene')>();
  return { ...actual, denseBinsOf: vi.fn(actual.denseBinsOf) };
});

/** Sixty records in one session: at 100 px their slots are under 2 px apart, so the view bins them. */
const lines = Array.from({ length: 60 }, (_, i) => ({ kind: 'input', id: `m${i}`, op: 'allow', session: 's', accept_seq: 60 - i }));

describe('the order view prepared before an analysis is shown', () => {
  afterEach(() => vi.mocked(denseBinsOf).mockClear());

  it('bins nothing while no order view was ever on screen: its width is not known', async () => {
    const analysis = await analysisOf({ name: 'a.jsonl', lines });
    prepareOrderView(analysis, 's');
    expect(denseBinsOf).not.toHaveBeenCalled();
  });

  it('bins the session unzoomed at the width the view last had, as its first render will ask', async () => {
    const analysis = await analysisOf({ name: 'a.jsonl', lines });
    rememberOrderWidth(100);
    rememberOrderWidth(0);
    prepareOrderView(analysis, 's');
    expect(denseBinsOf).toHaveBeenCalledWith(orderModelOf(analysis.sessions[0]!), 100, IDENTITY);
  });

  it('bins nothing when the view is hidden behind raw file order', async () => {
    const analysis = await analysisOf({ name: 'a.jsonl', lines });
    rememberOrderWidth(100);
    useStore.setState({ recordOrder: 'raw' });
    prepareOrderView(analysis, 's');
    useStore.setState({ recordOrder: 'derived' });
    expect(denseBinsOf).not.toHaveBeenCalled();
  });

  it('bins nothing when the marks would not overlap: the view draws them one by one', async () => {
    const analysis = await analysisOf({ name: 'a.jsonl', lines });
    rememberOrderWidth(2000);
    prepareOrderView(analysis, 's');
    expect(denseBinsOf).not.toHaveBeenCalled();
  });
});
