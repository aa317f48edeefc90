// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LANE } from '../core/recordOrder';
import { OrderTooltip } from './OrderTooltip';
import type { OrderData } from './useOrderData';

// A hovered record without accept_seq, drawn in the missing lane: all the tooltip reads of the view's data.
const dataOf = (acceptSeq: number | null, lane: number, focus: number | null = null) =>
  ({
    hover: 0,
    focus,
    n: null,
    isLeak: () => false,
    inputs: [{ name: 'run.jsonl', itemized: false }],
    model: {
      records: [{ id: 'c2', kind: 'input', op: 'set', acceptSeq, fileIndex: 0, line: 15, data: {} }],
      lane: [lane],
      duplicate: [0],
      displaced: [0],
    },
  }) as unknown as OrderData;

describe('the order view tooltip', () => {
  afterEach(cleanup);

  it('stands below a mark in the figure’s upper half and above one in its lower half, so the figure does not clip it', () => {
    const { container, rerender } = render(<OrderTooltip data={dataOf(1, LANE.axis)} x={100} y={40} width={800} height={300} />);
    const tip = () => container.querySelector<HTMLElement>('.tooltip')!;
    expect(tip().style.top).toBe('54px');
    expect(tip().style.bottom).toBe('');
    rerender(<OrderTooltip data={dataOf(1, LANE.axis)} x={100} y={280} width={800} height={300} />);
    expect(tip().style.top).toBe('');
    expect(tip().style.bottom).toBe('34px');
  });

  it('says "no accept_seq" once for a record in the missing lane', () => {
    const { container } = render(<OrderTooltip data={dataOf(null, LANE.missing)} x={10} y={10} width={800} height={300} />);
    expect(container.textContent!.split('no accept_seq').length - 1).toBe(1);
  });

  it('still says "not accepted" for a record in the unaccepted lane', () => {
    const { container } = render(<OrderTooltip data={dataOf(3, LANE.unaccepted)} x={10} y={10} width={800} height={300} />);
    expect(container.textContent).toContain('not accepted');
  });

  it('says the hovered record is the one selected, rather than offering to select it again', () => {
    const { container, rerender } = render(<OrderTooltip data={dataOf(1, LANE.axis)} x={10} y={10} width={800} height={300} />);
    expect(container.textContent).toContain('Click to select');
    rerender(<OrderTooltip data={dataOf(1, LANE.axis, 0)} x={10} y={10} width={800} height={300} />);
    expect(container.textContent).toContain('Selected · shown in the Record panel');
    expect(container.textContent).not.toContain('Click to select');
  });
});
