import { cutoffKeyRows } from '../core/cutoffKeys';
import { describe, expect, it } from 'vitest';
import { analyze } from '../core/analyze';
import { loadInput } from '../io/loadInput';
import { clampCutoff, cutoffRange, nextPlayStep, PLAY_STEPS, cutoffViewOf, findingGroupsOf, findingIsAfterCutoff, rawTextOf, sessionOf, type CutoffView } from './selectors';
import { analysisOf, O1, STALE_REFERENCE } from './testAnalysis';
import { initialView, urlViewOf } from './viewFromUrl';
import { EMPTY_URL_VIEW } from './url';
import { focusOfFinding, linksOf } from './links';

/** Every row the state table lists at this cutoff. */
const rowsOf = (view: CutoffView) => cutoffKeyRows(view.keys, view.keyState, false);

describe('cutoff view', () => {
  it('O1 at N = 1: acceptance allow, storage prefix allow, m2 leaks; at N = 2 the two differ', async () => {
    const a = await analysisOf({ name: 'o1.jsonl', lines: O1 });
    const s = sessionOf(a, 'o1')!;
    expect(cutoffRange(s)).toEqual({ min: 1, max: 2 });
    const at1 = cutoffViewOf(s, 1);
    expect(rowsOf(at1)).toMatchObject([{ key: 'permission', acceptance: 'allow', storage: 'allow', differs: false }]);
    expect(at1.leaks.map((r) => r.id)).toEqual(['m2']);
    const at2 = cutoffViewOf(s, 2);
    expect(rowsOf(at2)).toMatchObject([{ key: 'permission', acceptance: 'deny', storage: 'allow', differs: true }]);
    expect(at2.leaks).toEqual([]);
  });

  it("lists a cutoff's keys in sorted order, unknown ones among them, as the keys' own sort would", async () => {
    const set = (id: string, key: string, value: unknown, seq?: number) => ({ kind: 'input', id, op: 'set', key, value, session: 'k', ...(seq === undefined ? {} : { accept_seq: seq }) });
    const lines = [
      set('1', 'b', 1, 1),
      set('2', 'Z', '1', 2),
      set('3', 'a', 2),
      set('4', 'é', null, 3),
      set('5', 'c', { x: 1 }, 4),
      set('6', 'c', { x: 1 }, 5),
      set('7', 'd', 1, 7),
      set('8', 'd', '1', 6),
    ];
    const s = sessionOf(await analysisOf({ name: 'k.jsonl', lines }), 'k')!;
    const view = cutoffViewOf(s, 7);
    expect(rowsOf(view).map((r) => r.key)).toEqual(['Z', 'a', 'b', 'c', 'd', 'é']);
    expect(rowsOf(view).map((r) => r.undetermined)).toEqual([false, true, false, false, false, false]);
    // A number and the same digits as text differ; equal objects written alike do not.
    expect(rowsOf(view).find((r) => r.key === 'd')!.differs).toBe(true);
    expect(rowsOf(view).find((r) => r.key === 'c')!.differs).toBe(false);
  });

  it('plays a session of a few numbers one number at a time, from below its first to its last', async () => {
    const lines = [1, 4, 9].map((seq) => ({ kind: 'input', id: `i${seq}`, op: 'allow', session: 'short', accept_seq: seq }));
    const s = sessionOf(await analysisOf({ name: 'short.jsonl', lines }), 'short')!;
    expect([0, 1, 5, 9].map((n) => nextPlayStep(s, n))).toEqual([1, 4, 9, null]);
  });

  it('plays a long session in strides, ending on its last number rather than past it', async () => {
    const count = PLAY_STEPS * 3 + 1;
    const lines = Array.from({ length: count }, (_, k) => ({ kind: 'input', id: `i${k}`, op: 'allow', session: 'long', accept_seq: k * 2 }));
    const s = sessionOf(await analysisOf({ name: 'long.jsonl', lines }), 'long')!;
    expect(nextPlayStep(s, -1)).toBe(0);
    expect(nextPlayStep(s, 0)).toBe(8);
    expect(nextPlayStep(s, 2)).toBe(8);
    expect(nextPlayStep(s, (count - 2) * 2)).toBe((count - 1) * 2);
    expect(nextPlayStep(s, (count - 1) * 2)).toBeNull();
  });

  it('plays a long session in strides that stop where future leaks begin, which a stride would step over', async () => {
    const count = 1000;
    const lines = Array.from({ length: count }, (_, k) => ({ kind: 'input', id: `i${k + 1}`, op: 'set', key: `k${k % 7}`, value: k, session: 'long', accept_seq: k + 1 }));
    // Number 501 is stored before 500: at N = 500 alone it is a future leak.
    [lines[499], lines[500]] = [lines[500]!, lines[499]!];
    const s = sessionOf(await analysisOf({ name: 'long.jsonl', lines }), 'long')!;
    const stops: number[] = [];
    for (let n: number | null = cutoffRange(s)!.min; n !== null; n = nextPlayStep(s, n)) stops.push(n);
    expect(stops).toContain(500);
    expect(cutoffViewOf(s, 500).leakCount).toBe(1);
    expect(stops.length).toBeLessThanOrEqual(PLAY_STEPS + 2);
    expect(stops.at(-1)).toBe(count);
  });

  it('plays a session whose leaks begin at every other number in about twice its strides, not one step per leak', async () => {
    const count = 10_000;
    const lines = Array.from({ length: count }, (_, k) => ({ kind: 'input', id: `i${k + 1}`, op: 'allow', session: 'long', accept_seq: k + 1 }));
    for (let k = 0; k + 1 < count; k += 2) [lines[k], lines[k + 1]] = [lines[k + 1]!, lines[k]!];
    const s = sessionOf(await analysisOf({ name: 'pairs.jsonl', lines }), 'long')!;
    const stops: number[] = [];
    for (let n: number | null = cutoffRange(s)!.min; n !== null; n = nextPlayStep(s, n)) stops.push(n);
    expect(stops.length).toBeGreaterThan(PLAY_STEPS);
    expect(stops.length).toBeLessThanOrEqual(2 * PLAY_STEPS + 2);
    expect(stops.at(-1)).toBe(count);
  });

  it('clamps a cutoff into the session range and has none without an acceptance order', async () => {
    const a = await analysisOf({ name: 'x.jsonl', lines: [...O1, { kind: 'input', id: 'z', op: 'allow', session: 'plain' }] });
    expect(clampCutoff(sessionOf(a, 'o1'), 99)).toBe(2);
    expect(clampCutoff(sessionOf(a, 'o1'), null)).toBe(2);
    expect(clampCutoff(sessionOf(a, 'o1'), -5)).toBe(1);
    expect(clampCutoff(sessionOf(a, 'plain'), 1)).toBeNull();
  });
});

describe('findings', () => {
  it('groups by severity, keeps totals under a filter, and dims findings wholly after the cutoff', async () => {
    const a = await analysisOf({ name: 'o1.jsonl', lines: O1 });
    const groups = findingGroupsOf(a.findings, 'decision-flip');
    expect(groups.map((g) => [g.severity, g.total, g.items.length])).toEqual([
      ['error', 1, 1],
      ['info', 1, 0],
    ]);
    const flip = a.findings.findIndex((f) => f.code === 'decision-flip');
    expect(findingIsAfterCutoff(a, flip, 'o1', 1)).toBe(false);
    expect(findingIsAfterCutoff(a, flip, 'o1', 0)).toBe(true);
    expect(findingIsAfterCutoff(a, flip, 'other', 0)).toBe(false);
  });

  it('focuses the referrer of a stale reference and links it to the response it names', async () => {
    const a = await analysisOf({ name: 'refs.jsonl', lines: STALE_REFERENCE });
    const stale = a.findings.find((f) => f.code === 'stale-reference')!;
    expect(focusOfFinding(stale)).toBe(2);
    const links = linksOf(a, 2);
    expect(links.refersTo).toEqual([{ ref: 'resp_1', targets: [0], stale: true }]);
    expect(linksOf(a, 0).referredBy).toEqual([2]);
  });
});

describe('views from the URL', () => {
  it('restores session, cutoff and the focused record, and writes them back', async () => {
    const a = await analysisOf({ name: 'o1.jsonl', lines: O1 });
    const view = initialView(a, { ...EMPTY_URL_VIEW, session: 'o1', cutoff: 1, sel: { file: 0, line: 2 }, code: 'decision-flip', order: 'raw' }, null);
    expect(view).toEqual({ session: 'o1', cutoff: 1, selection: { records: [1], focus: 1, finding: null }, codeFilter: 'decision-flip', recordOrder: 'raw' });
    expect(urlViewOf({ origin: { kind: 'sample', file: 'o1.jsonl' }, analysis: a, comparison: null, ...view })).toEqual({
      ...EMPTY_URL_VIEW,
      sample: 'o1.jsonl',
      session: 'o1',
      cutoff: 1,
      sel: { file: 0, line: 2 },
      code: 'decision-flip',
      order: 'raw',
    });
  });

  it('names files opened by hand by name and short hash', async () => {
    const a = await analysisOf({ name: 'o1.jsonl', lines: O1 });
    const view = initialView(a, EMPTY_URL_VIEW, null);
    expect(urlViewOf({ origin: { kind: 'files' }, analysis: a, comparison: null, ...view }).inputs).toEqual([{ name: 'o1.jsonl', hash: a.inputs[0]!.sha256.slice(0, 12) }]);
  });

  it('falls back to the session of the first finding, the sample cutoff, and ignores unknown names', async () => {
    const a = await analysisOf({ name: 'o1.jsonl', lines: O1 });
    expect(initialView(a, { ...EMPTY_URL_VIEW, session: 'nope', sel: { file: 3, line: 9 } }, 1)).toEqual({
      session: 'o1',
      cutoff: 1,
      selection: { records: [], focus: null, finding: null },
      codeFilter: null,
      recordOrder: 'derived',
    });
    expect(initialView(a, { ...EMPTY_URL_VIEW, code: 'lost-update' }, null).codeFilter).toBeNull();
  });
});

describe('raw text', () => {
  it('is the line exactly as stored, or the JSON of an array item', async () => {
    const a = await analysisOf({ name: 'o1.jsonl', lines: O1 });
    expect(rawTextOf(a, a.records[0]!)).toEqual({ text: JSON.stringify(O1[0]), exact: true });
    const input = await loadInput('o1.json', new TextEncoder().encode(JSON.stringify(O1)), 0);
    const b = analyze([input]);
    expect(rawTextOf(b, b.records[1]!)).toEqual({ text: JSON.stringify(O1[1], null, 2), exact: false });
  });
});
