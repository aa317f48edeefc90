import { describe, expect, it } from 'vitest';
import { sessionOf } from '../state/selectors';
import { analysisOf, O1 } from '../state/testAnalysis';
import { LANE } from '../core/recordOrder';
import { buildOrderModel, cutoffRank } from './orderModel';
import { accX, denseBins, denseBinsOf, hitTest, IDENTITY, orderRows, revealTransform, moreVisibleThan, storageX, visibleRecords, visibleSlots } from './orderScene';

describe('order model', () => {
  it('places O1 so that its two lines cross, and ranks by accept_seq', async () => {
    const a = await analysisOf({ name: 'o1.jsonl', lines: O1 });
    const m = buildOrderModel(sessionOf(a, 'o1')!);
    expect(Array.from(m.accRank)).toEqual([1, 0]);
    expect(Array.from(m.displaced)).toEqual([0, 1]);
    const crosses = Math.sign(storageX(m, 0, 400, IDENTITY) - storageX(m, 1, 400, IDENTITY)) !== Math.sign(accX(m, 1, 400, IDENTITY) - accX(m, 0, 400, IDENTITY));
    expect(crosses).toBe(true);
    expect(cutoffRank(m, 1)).toBe(1);
    expect(cutoffRank(m, 0)).toBe(0);
    expect(cutoffRank(m, null)).toBe(2);
  });

  it('draws an in-order log with straight lines even when lane records sit in between', async () => {
    const a = await analysisOf({
      name: 'straight.jsonl',
      lines: [
        { kind: 'input', id: 'a', op: 'allow', accept_seq: 1 },
        { kind: 'input', id: 'b', op: 'allow', accepted: false },
        { kind: 'input', id: 'c', op: 'revoke', accept_seq: 2 },
        { kind: 'input', id: 'd', op: 'allow' },
        { kind: 'input', id: 'e', op: 'allow', accept_seq: 3 },
      ],
    });
    const m = buildOrderModel(sessionOf(a, 'default')!);
    for (const i of [0, 2, 4]) expect(accX(m, m.accRank[i]!, 600, IDENTITY)).toBe(storageX(m, i, 600, IDENTITY));
  });

  it('puts unaccepted, unnumbered and unknown-kind records in their own lanes and marks shared numbers', async () => {
    const a = await analysisOf({
      name: 'lanes.jsonl',
      lines: [
        { kind: 'input', id: 'a', op: 'allow', accept_seq: 1 },
        { kind: 'input', id: 'b', op: 'revoke', accept_seq: 1 },
        { kind: 'input', id: 'c', op: 'allow' },
        { kind: 'input', id: 'd', op: 'allow', accepted: false, accept_seq: 5 },
        { kind: 'mystery', id: 'e', accept_seq: 7 },
      ],
    });
    const m = buildOrderModel(sessionOf(a, 'default')!);
    expect(Array.from(m.lane)).toEqual([LANE.axis, LANE.axis, LANE.missing, LANE.unaccepted, LANE.other]);
    expect(Array.from(m.duplicate)).toEqual([1, 1, 0, 0, 0]);
    expect(orderRows(m).lanes.map((l) => l.title)).toEqual(['No accept_seq · 1', 'Not accepted (accepted: false) · 1', 'Not analysed (other kinds) · 1']);
  });

  it('names a lane and its count before any explanation, so a narrow view clips the explanation, not the count', async () => {
    const a = await analysisOf({ name: 'none.jsonl', lines: [{ kind: 'input', id: 'c', op: 'allow' }] });
    const m = buildOrderModel(sessionOf(a, 'default')!);
    expect(orderRows(m).lanes.map((l) => l.title)).toEqual(['No accept_seq · 1 (this session has no acceptance order)']);
  });
});

describe('dense bins', () => {
  it('keep every line between the pixels its records project to, however far off screen one end lies', async () => {
    // Reversed: the first stored is accepted last, so zoomed in on the left its line ends far to the right.
    const n = 5000;
    const lines = Array.from({ length: n }, (_, i) => ({ kind: 'input', id: `r${i}`, op: 'allow', accept_seq: n - i }));
    const a = await analysisOf({ name: 'reversed.jsonl', lines });
    const m = buildOrderModel(sessionOf(a, 'default')!);
    const width = 800;
    const t = { k: 200, x: -200 * 14 };
    const expected = new Set(visibleRecords(m, width, t).filter((i) => m.lane[i] === LANE.axis).map((i) => `${Math.round(storageX(m, i, width, t))}→${Math.round(accX(m, m.accRank[i]!, width, t))}`));
    expect(Math.max(...[...expected].map((e) => Number(e.split('→')[1])))).toBeGreaterThan(100_000);
    const drawn = denseBins(m, width, t).lines.map((l) => `${l.x1}→${l.x2}`);
    expect(new Set(drawn)).toEqual(expected);
  });

  it('does not merge two lines whose ends differ by exactly one column and 65,536 columns', async () => {
    // One slot per pixel: record i sits at column i + 1 on both axes. Record 0 is accepted last, so
    // records 5 (rank 65,599) and 6 (rank 63) are both displaced, and end at 6→65,600 and 7→64, which
    // a key of x1 · 65,536 + x2 could not tell apart.
    const n = 70_000;
    const seqs = Array.from({ length: n }, (_, i) => i + 1);
    const swap = (i: number, j: number) => ([seqs[i], seqs[j]] = [seqs[j]!, seqs[i]!]);
    swap(0, n - 1);
    swap(5, 65_599);
    swap(6, 63);
    const a = await analysisOf({ name: 'far.jsonl', lines: seqs.map((seq, i) => ({ kind: 'read', id: `r${i}`, resource: 'R', accept_seq: seq })) });
    const m = buildOrderModel(sessionOf(a, 'default')!);
    const width = 800;
    const k = n / (width - 28);
    const drawn = new Set(denseBins(m, width, { k, x: -k * 14 }).lines.map((l) => `${l.x1}→${l.x2}`));
    expect(drawn).toContain('6→65600');
    expect(drawn).toContain('7→64');
  });
});

describe('projection', () => {
  const lines = Array.from({ length: 1000 }, (_, i) => ({ kind: 'input', id: `r${i}`, op: 'set', key: 'k', value: i, accept_seq: 999 - i }));

  it('keeps only what is in view when zoomed, and bins a dense view into far fewer strokes', async () => {
    const a = await analysisOf({ name: 'big.jsonl', lines });
    const m = buildOrderModel(sessionOf(a, 'default')!);
    expect(visibleSlots(m.n, 500, IDENTITY)).toEqual([0, 999]);
    const zoomed = { k: 10, x: -2000 };
    const [from, to] = visibleSlots(m.n, 500, zoomed);
    expect(to - from).toBeLessThan(130);
    expect(visibleRecords(m, 500, zoomed).length).toBeLessThan(260);
    const bins = denseBins(m, 500, IDENTITY);
    expect(bins.lines.reduce((s, b) => s + b.count, 0)).toBe(1000);
    expect(bins.lines.length).toBeLessThan(600);
    // A remounted canvas at the same width and zoom gets the same bins without binning again; any change bins anew.
    const kept = denseBinsOf(m, 500, IDENTITY);
    expect(denseBinsOf(m, 500, { k: 1, x: 0 })).toBe(kept);
    expect(kept).toEqual(bins);
    expect(denseBinsOf(m, 501, IDENTITY)).not.toBe(kept);
    expect(denseBinsOf(m, 501, zoomed)).toEqual(denseBins(m, 501, zoomed));
    // Zooming in and back out again finds the unzoomed bins still kept.
    const unzoomed = denseBinsOf(m, 501, IDENTITY);
    denseBinsOf(m, 501, { k: 4, x: -100 });
    expect(denseBinsOf(m, 501, IDENTITY)).toBe(unzoomed);
  });

  it('visits each record in view once, and counts them no further than asked', async () => {
    const a = await analysisOf({ name: 'big.jsonl', lines });
    const m = buildOrderModel(sessionOf(a, 'default')!);
    for (const t of [IDENTITY, { k: 10, x: -2000 }, { k: 40, x: -19000 }]) {
      const [s0, s1] = visibleSlots(m.n, 500, t);
      const inView = (slot: number) => slot >= s0 && slot <= s1;
      const expected = Array.from({ length: m.n }, (_, i) => i).filter((i) => inView(i) || (m.accRank[i]! >= 0 && inView(m.accSlot[m.accRank[i]!]!)));
      const seen = visibleRecords(m, 500, t);
      expect([...seen].sort((x, y) => x - y)).toEqual(expected);
      for (const limit of [0, expected.length - 1, expected.length, 600]) expect(moreVisibleThan(m, 500, t, limit)).toBe(expected.length > limit);
    }
  });

  it('finds the record under the pointer on either axis, and reveals one out of view', async () => {
    const a = await analysisOf({ name: 'big.jsonl', lines });
    const m = buildOrderModel(sessionOf(a, 'default')!);
    const rows = orderRows(m);
    const t = { k: 50, x: 0 };
    const x = storageX(m, 3, 800, t);
    expect(hitTest(m, rows, 800, t, x, rows.top)).toBe(3);
    expect(hitTest(m, rows, 800, t, x, rows.top + 60)).toBeNull();
    const ax = accX(m, m.accRank[5]!, 800, { k: 50, x: -39000 });
    expect(hitTest(m, rows, 800, { k: 50, x: -39000 }, ax, rows.bottom)).toBe(5);
    expect(revealTransform(m, 3, 800, IDENTITY)).toBeNull();
    const moved = revealTransform(m, 900, 800, t)!;
    const sx = storageX(m, 900, 800, moved);
    expect(sx).toBeGreaterThan(0);
    expect(sx).toBeLessThan(800);
  });
});
