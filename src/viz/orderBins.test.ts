import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LANE } from '../core/recordOrder';
import { sessionOf } from '../state/selectors';
import { analysisOf } from '../state/testAnalysis';
import { buildOrderModel, type OrderModel } from './orderModel';
import { accX, denseBins, storageX, visibleRecords, type DenseBins, type XTransform } from './orderScene';

/** The binning written plainly: one Map per kind of bin, keyed by text, filled in the order records come into view. */
function referenceBins(m: OrderModel, width: number, t: XTransform): DenseBins {
  const lines = new Map<string, DenseBins['lines'][number]>();
  const top = new Map<string, DenseBins['top'][number]>();
  const bottom = new Map<string, DenseBins['bottom'][number]>();
  const lanes = new Map<string, DenseBins['lanes'][number]>();
  const displaced = new Map<number, number>();
  for (const i of visibleRecords(m, width, t)) {
    const x1 = Math.round(storageX(m, i, width, t));
    const cat = m.category[i]!;
    const rank = m.accRank[i]!;
    if (m.lane[i] !== LANE.axis) {
      const key = `${x1} ${m.lane[i]} ${cat}`;
      if (!lanes.has(key)) lanes.set(key, { lane: m.lane[i]!, x: x1, cat });
      continue;
    }
    const topBin = top.get(`${x1} ${cat}`) ?? top.set(`${x1} ${cat}`, { x: x1, cat, minRank: rank }).get(`${x1} ${cat}`)!;
    topBin.minRank = Math.min(topBin.minRank, rank);
    const x2 = Math.round(accX(m, rank, width, t));
    const dup = m.duplicate[i] === 1;
    const bottomKey = `${x2} ${cat} ${dup}`;
    const bottomBin = bottom.get(bottomKey) ?? bottom.set(bottomKey, { x: x2, cat, minRank: rank, duplicate: dup }).get(bottomKey)!;
    bottomBin.minRank = Math.min(bottomBin.minRank, rank);
    if (m.displaced[i] === 1) displaced.set(x1, (displaced.get(x1) ?? 0) + 1);
    const disp = m.displaced[i] === 1 && Math.abs(x2 - x1) >= 2;
    const lineKey = `${x1} ${x2} ${disp}`;
    const line = lines.get(lineKey);
    if (line) {
      line.count++;
      line.minRank = Math.min(line.minRank, rank);
    } else lines.set(lineKey, { x1, x2, count: 1, minRank: rank, displaced: disp });
  }
  return { lines: [...lines.values()], top: [...top.values()], bottom: [...bottom.values()], lanes: [...lanes.values()], displaced: [...displaced].map(([x, count]) => ({ x, count })) };
}

const recordArb = fc.record({
  kind: fc.constantFrom('input', 'read', 'response', 'mystery'),
  op: fc.constantFrom('allow', 'revoke', 'set'),
  seq: fc.option(fc.integer({ min: 1, max: 1500 }), { freq: 6 }),
  accepted: fc.oneof({ arbitrary: fc.constant(true), weight: 9 }, { arbitrary: fc.constant(false), weight: 1 }),
});

async function modelOf(recs: { kind: string; op: string; seq: number | null; accepted: boolean }[]): Promise<OrderModel> {
  const lines = recs.map((r, i) => ({
    kind: r.kind,
    id: `r${i}`,
    ...(r.kind === 'input' ? { op: r.op, key: 'k', value: i } : r.kind === 'read' ? { resource: 'R' } : r.kind === 'response' ? { response_id: `p${i}` } : {}),
    ...(r.seq === null ? {} : { accept_seq: r.seq }),
    ...(r.accepted ? {} : { accepted: false }),
  }));
  const a = await analysisOf({ name: 'random.jsonl', lines });
  return buildOrderModel(sessionOf(a, 'default')!);
}

describe('dense bins on typed arrays', () => {
  it('equal the plain binning, and keep every line between the columns its records project to, on random sessions and views', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(recordArb, { minLength: 1, maxLength: 1500, size: 'max' }),
        // Narrow views and modest zooms put many records in one column, and far-off ends in the same columns.
        fc.oneof(fc.integer({ min: 40, max: 200 }), fc.integer({ min: 200, max: 1400 })),
        fc.oneof(fc.constant(1), fc.double({ min: 1, max: 40, noNaN: true }), fc.double({ min: 40, max: 3000, noNaN: true })),
        fc.double({ min: 0, max: 1, noNaN: true }),
        async (recs, width, k, pan) => {
          const m = await modelOf(recs);
          const t = { k, x: -pan * (k - 1) * width };
          const bins = denseBins(m, width, t);
          expect(bins).toEqual(referenceBins(m, width, t));
          const expected = new Set(visibleRecords(m, width, t).filter((i) => m.lane[i] === LANE.axis).map((i) => `${Math.round(storageX(m, i, width, t))}→${Math.round(accX(m, m.accRank[i]!, width, t))}`));
          expect(new Set(bins.lines.map((l) => `${l.x1}→${l.x2}`))).toEqual(expected);
        },
      ),
      { numRuns: 100 },
    );
  });
});
