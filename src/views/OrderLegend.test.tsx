// @vitest-environment happy-dom
import { cleanup, render, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionOf } from '../state/selectors';
import { analysisOf } from '../state/testAnalysis';
import { buildOrderModel } from '../viz/orderModel';
import { OrderLegend } from './OrderLegend';

const input = (id: string, op: string, seq: number) => ({ kind: 'input', id, op, session: 's', accept_seq: seq });

describe("the page's order legend", () => {
  afterEach(cleanup);

  it('shows a future leak as a ring over record marks and as a tick over binned ones, as each view draws it', async () => {
    const model = buildOrderModel(sessionOf(await analysisOf({ name: 's.jsonl', lines: [input('b', 'revoke', 2), input('a', 'allow', 1)] }), 's')!);
    const leakItem = (dense: boolean) => {
      cleanup();
      return within(render(<OrderLegend model={model} dense={dense} />).container).getByText('future leak').closest('li')!;
    };
    const sparse = leakItem(false);
    expect(sparse.querySelector('.legend-ring.leak')).not.toBeNull();
    expect(sparse.querySelector('svg')).toBeNull();
    const dense = leakItem(true);
    expect(dense.querySelector('.legend-ring')).toBeNull();
    expect(dense.querySelector('svg rect')?.getAttribute('fill')).toBe('var(--leak)');
  });
});
