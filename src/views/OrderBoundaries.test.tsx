// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { InputBoundary, SeqRecord } from '../core/model';
import { placeBoundaries } from '../viz/orderBoundaries';
import { IDENTITY, type OrderRows } from '../viz/orderScene';
import { buildOrderModel } from '../viz/orderModel';
import { analysisOf, O1 } from '../state/testAnalysis';
import { sessionOf } from '../state/selectors';
import { OrderBoundaries } from './OrderBoundaries';
import { OrderLegend } from './OrderLegend';

const rows: OrderRows = { top: 56, bottom: 170, lanes: [], height: 200 };
const records = Array.from({ length: 20 }, (_, i) => ({ fileIndex: 0, line: i + 1 }) as SeqRecord);

function draw(boundaries: InputBoundary[]) {
  return render(
    <svg>
      <OrderBoundaries boundaries={placeBoundaries(records, [{ boundaries }], 's')} count={records.length} rows={rows} width={600} t={IDENTITY} />
    </svg>,
  ).container;
}

describe('order view boundaries', () => {
  afterEach(cleanup);

  it('draws a labelled rule per rollback or compaction, a band over what a rollback covers and a light tick per turn', () => {
    const container = draw([
      { line: 3, session: 's', kind: 'turn-start', label: 'turn t1 starts', covers: null },
      { line: 8, session: 's', kind: 'turn-end', label: 'turn t1 completes', covers: null },
      { line: 9, session: 's', kind: 'rollback', label: 'thread rolled back 1 turn', covers: { fromLine: 3, toLine: 8 } },
      { line: 15, session: null, kind: 'compaction', label: 'context compacted', covers: null },
    ]);
    expect([...container.querySelectorAll('.boundary-rule text')].map((t) => t.textContent)).toEqual(['rollback', 'compaction']);
    expect(container.querySelector('.boundary-rule title')!.textContent).toBe('thread rolled back 1 turn · line 9 · takes lines 3–8 out of the effective history (kept and shown)');
    expect(container.querySelectorAll('.boundary-band')).toHaveLength(1);
    expect(container.querySelectorAll('.boundary-tick')).toHaveLength(1);
  });

  it('draws nothing for a session without boundaries', () => {
    expect(draw([{ line: 2, session: 'other', kind: 'rollback', label: 'x', covers: null }]).querySelector('.boundaries')).toBeNull();
  });

  it('has the legend name the rules only when the session has one', async () => {
    const model = buildOrderModel(sessionOf(await analysisOf({ name: 'o.jsonl', lines: O1 }), 'o1')!);
    const legend = (boundaries: boolean) => render(<OrderLegend model={model} boundaries={boundaries} />).container.textContent;
    expect(legend(true)).toContain('effective history changes');
    cleanup();
    expect(legend(false)).not.toContain('effective history changes');
  });

  it('has the legend name the turn starts\u2019 ticks only when the session has one', async () => {
    const model = buildOrderModel(sessionOf(await analysisOf({ name: 'o.jsonl', lines: O1 }), 'o1')!);
    const legend = (turns: boolean) => render(<OrderLegend model={model} turns={turns} />).container.textContent;
    expect(legend(true)).toContain('turn starts');
    cleanup();
    expect(legend(false)).not.toContain('turn starts');
  });
});
