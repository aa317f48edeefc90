import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyze } from '../core/analyze';
import type { InputBoundary, SeqRecord } from '../core/model';
import { fixturesDir, loadFile } from '../io/test/samples';
import { boundaryScene, boundarySummary, boundaryTitle, placeBoundaries, rulesBetween } from './orderBoundaries';
import { IDENTITY, PAD } from './orderScene';

const THREAD = '0199cccc-0000-7000-8000-000000000003';
const at = (fileIndex: number, line: number) => ({ fileIndex, line }) as SeqRecord;
const boundary = (line: number, kind: string, session: string | null = 's', covers: InputBoundary['covers'] = null): InputBoundary => ({ line, session, kind, label: `${kind} at ${line}`, covers });

describe('boundaries on the storage axis', () => {
  it('places a rollout stored by ordinal before the records of its boundary lines, with the rollback covering the undone turn', async () => {
    const input = await loadFile(join(fixturesDir, 'codex-paginated-boundaries.jsonl'), 0, 'b.jsonl');
    const session = analyze([input]).sessions.find((s) => s.session === THREAD)!;
    const placed = placeBoundaries(session.records, [input], THREAD);
    expect(placed.map((p) => [p.boundary.line, p.at, p.rule, p.name])).toEqual([
      [2, 1, false, 'turn start'],
      [8, 7, false, 'turn start'],
      [10, 9, true, 'turn aborted'],
      [11, 10, true, 'rollback'],
      [12, 11, true, 'compaction'],
      [13, 12, true, 'compaction'],
      [15, 14, false, 'turn start'],
    ]);
    expect(placed.find((p) => p.boundary.kind === 'rollback')!.cover).toEqual({ from: 7, to: 10 });
    expect(session.records.slice(7, 10).map((r) => r.data.rolled_back_at_line)).toEqual([11, 11, 11]);
    const narrow = boundaryScene(placed, session.records.length, 390, IDENTITY);
    expect(narrow.rules.map((r) => r.label)).toEqual(['rollback +3', null, null, null]);
    expect(boundarySummary(placed)).toBe(
      'Marked on the storage axis where the effective history changes: turn aborted at line 10; rollback at line 11 (lines 8–10 out of the effective history); compaction at line 12; compaction at line 13.',
    );
  });

  it("takes a boundary without a session for every session of its input, and none of another session's or input's", () => {
    const records = [at(0, 1), at(0, 3), at(0, 6), at(2, 1), at(2, 2)];
    const inputs = [
      { boundaries: [boundary(4, 'deletion', null), boundary(5, 'rollback', 'other'), boundary(7, 'compaction')] },
      { boundaries: [boundary(1, 'deletion', null)] },
      { boundaries: [boundary(2, 'deletion', null, { fromLine: 1, toLine: 1 })], itemized: true },
    ];
    const placed = placeBoundaries(records, inputs, 's');
    expect(placed.map((p) => [p.boundary.kind, p.boundary.line, p.at, p.cover])).toEqual([
      ['deletion', 4, 2, null],
      ['compaction', 7, 3, null],
      ['deletion', 2, 4, { from: 3, to: 4 }],
    ]);
    expect(boundaryTitle(placed[2]!)).toBe('deletion at 2 · item 2 · takes item 1 out of the effective history (kept and shown)');
  });

  it('labels rules that have room, counts the ones their labels would cover, and keeps turn ticks and bands in view', () => {
    const placed = placeBoundaries(
      Array.from({ length: 100 }, (_, i) => at(0, i + 1)),
      [{ boundaries: [boundary(10, 'turn-start'), boundary(11, 'rollback', 's', { fromLine: 10, toLine: 10 }), boundary(12, 'compaction'), boundary(13, 'turn-aborted'), boundary(60, 'compaction')] }],
      's',
    );
    const width = 2 * PAD + 100 * 4;
    const scene = boundaryScene(placed, 100, width, IDENTITY);
    expect(scene.rules.map((r) => [r.x, r.label])).toEqual([
      [PAD + 40, 'rollback +2'],
      [PAD + 44, null],
      [PAD + 48, null],
      [PAD + 236, 'compaction'],
    ]);
    expect(scene.ticks).toEqual([PAD + 36]);
    expect(scene.bands.map((b) => [b.x1, b.x2])).toEqual([[PAD + 36, PAD + 40]]);
    expect(scene.rules[0]!.title).toBe('rollback at 11 · line 11 · takes line 10 out of the effective history (kept and shown)');

    expect(rulesBetween(placed, 9, 11).map((p) => p.boundary.kind)).toEqual(['rollback', 'compaction']);
    expect(rulesBetween(placed, 9, 9)).toEqual([]);
    expect(rulesBetween(placed, 59, 100).map((p) => p.at)).toEqual([59]);

    const zoomed = boundaryScene(placed, 100, width, { k: 10, x: -10 * (PAD + 236) + width / 2 });
    expect(zoomed.rules.map((r) => r.label)).toEqual(['compaction']);
    expect(zoomed.ticks).toEqual([]);
    expect(zoomed.bands).toEqual([]);
  });

  it('draws at most one rule, one tick and one band per pixel column, and says how many a drawn one stands for', () => {
    // A session database with a deleted row every fifth: 25,000 deletions, each taking its row out, among 125,000 records.
    const records = Array.from({ length: 125_000 }, (_, i) => at(0, i + 1 + Math.floor(i / 4)));
    const boundaries = Array.from({ length: 25_000 }, (_, k) => boundary(5 * k + 5, 'deletion', 's', { fromLine: 5 * k + 5, toLine: 5 * k + 5 }));
    const ticks = Array.from({ length: 25_000 }, (_, k) => boundary(5 * k + 1, 'turn-start'));
    const placed = placeBoundaries(records, [{ boundaries: [...boundaries, ...ticks] }], 's');
    const width = 900;
    const scene = boundaryScene(placed, records.length, width, IDENTITY);
    expect(scene.rules.length).toBeLessThanOrEqual(width);
    expect(scene.rules.length).toBeGreaterThan(width / 2);
    expect(scene.ticks.length).toBeLessThanOrEqual(width);
    expect(scene.bands.length).toBeLessThanOrEqual(width);
    expect(scene.rules[0]!.title).toMatch(/\(and [\d,]+ more boundaries here\)$/);
    // Every deletion is still counted by the labels drawn: each label's "+N" ("+1,234" past a thousand) counts the rules it stands for.
    const counted = scene.rules.reduce((sum, r) => sum + (r.label === null ? 0 : 1 + Number((/\+([\d,]+)$/.exec(r.label)?.[1] ?? '0').replaceAll(',', ''))), 0);
    expect(counted).toBe(25_000);
    // The figure's description names the first 20 and counts the rest, digits grouped.
    expect(boundarySummary(placed)).toMatch(/; and 24,980 more\.$/);
  });

  it('draws covered ranges that touch on screen as one band, whose title counts the others', () => {
    const records = Array.from({ length: 100 }, (_, i) => at(0, i + 1));
    const rollback = (line: number, fromLine: number, toLine: number) => boundary(line, 'rollback', 's', { fromLine, toLine });
    const placed = placeBoundaries(records, [{ boundaries: [rollback(21, 10, 20), rollback(26, 15, 25), rollback(27, 20, 26), rollback(71, 60, 70)] }], 's');
    const scene = boundaryScene(placed, records.length, 900, IDENTITY);
    expect(scene.bands.map((b) => b.title)).toEqual([
      `${boundaryTitle(placed[0]!)} (and 2 more ranges here)`,
      boundaryTitle(placed[3]!),
    ]);
  });

  it('places a few boundaries among a million records by binary search', () => {
    // Reads of a record's line are counted, not timed: a pass over the records and a binary search per boundary.
    let reads = 0;
    class Counted {
      constructor(
        readonly fileIndex: number,
        private readonly at: number,
      ) {}
      get line(): number {
        reads++;
        return this.at;
      }
    }
    const n = 1_000_000;
    const records = Array.from({ length: n }, (_, i) => new Counted(0, i + 1) as unknown as SeqRecord);
    const boundaries = Array.from({ length: 1000 }, (_, k) => boundary(k * 1000 + 1, 'compaction'));
    const placed = placeBoundaries(records, [{ boundaries }], 's');
    const scene = boundaryScene(placed, records.length, 1200, IDENTITY);
    expect(reads).toBeLessThan(2 * n + 1000 * 64);
    expect(placed[999]!.at).toBe(999_000);
    expect(scene.rules).toHaveLength(1000);
  });
});
