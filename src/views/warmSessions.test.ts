import { describe, expect, it, vi } from 'vitest';
import { analysisOf } from '../state/testAnalysis';
import { buildOrderModel } from '../viz/orderModel';
import { orderModelOf } from '../viz/sessionModel';
import { warmSessions, WARM_UP_TO } from './warmSessions';

vi.mock('../viz/orderModel', async (original) => {
  const actual = await original<typeof import('../viz/orderModel')>();
  return { ...actual, buildOrderModel: vi.fn(actual.buildOrderModel) };
});

const input = (session: string, seq: number) => ({ kind: 'input', id: `${session}${seq}`, session, op: 'set', key: 'k', value: seq, accept_seq: seq });

/** Runs scheduled steps when told, one at a time, as idle periods would. */
function queue() {
  const waiting: (() => void)[] = [];
  const schedule = (step: () => void) => {
    waiting.push(step);
    return () => waiting.splice(waiting.indexOf(step), 1);
  };
  return { schedule, waiting, runOne: () => waiting.shift()?.() };
}

describe('warming the other sessions while idle', () => {
  it('builds each other session\u2019s order model once, a step per idle period, so choosing it later builds nothing', async () => {
    const analysis = await analysisOf({ name: 'three.jsonl', lines: ['a', 'b', 'c'].flatMap((s) => [input(s, 2), input(s, 1)]) });
    const built = vi.mocked(buildOrderModel);
    built.mockClear();
    const q = queue();
    warmSessions(analysis, 'a', q.schedule);
    expect(q.waiting).toHaveLength(1);
    q.runOne();
    expect(built).toHaveBeenCalledTimes(1);
    while (q.waiting.length > 0) q.runOne();
    expect(built.mock.calls.map(([s]) => s.session)).toEqual(['b', 'c']);
    for (const s of analysis.sessions) orderModelOf(s);
    // Only the session on screen is built when shown; the others were ready.
    expect(built.mock.calls.map(([s]) => s.session)).toEqual(['b', 'c', 'a']);
  });

  it('stops when cancelled, and leaves a file of many sessions to be built when chosen', async () => {
    const analysis = await analysisOf({ name: 'two.jsonl', lines: ['a', 'b'].flatMap((s) => [input(s, 1)]) });
    const q = queue();
    const cancel = warmSessions(analysis, 'a', q.schedule);
    cancel();
    expect(q.waiting).toHaveLength(0);
    const many = await analysisOf({ name: 'many.jsonl', lines: Array.from({ length: WARM_UP_TO + 1 }, (_, i) => input(`s${i}`, 1)) });
    warmSessions(many, null, q.schedule);
    expect(q.waiting).toHaveLength(0);
  });
});
