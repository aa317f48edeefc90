import { describe, expect, it, vi } from 'vitest';
import { LINK_SLICE, prepareSessionLinks } from '../state/links';
import { analysisOf } from '../state/testAnalysis';
import { buildOrderModel, recordOrderOf } from '../viz/orderModel';
import { orderModelOf } from '../viz/sessionModel';
import { prepareOrderView } from './orderViewAhead';
import { idleSchedule, QUIET_MS, STEP_BUDGET_MS, warmSessions, WARM_UP_TO, WHOLE_IDLE_MS, type IdleDeadlineLike } from './warmSessions';

vi.mock('../viz/orderModel', async (original) => {
  const actual = await original<typeof import('../viz/orderModel')>();
  return { ...actual, buildOrderModel: vi.fn(actual.buildOrderModel), recordOrderOf: vi.fn(actual.recordOrderOf) };
});

vi.mock('./orderViewAhead', async (original) => {
  const actual = await original<typeof import('./orderViewAhead')>();
  return { ...actual, prepareOrderView: vi.fn(actual.prepareOrderView) };
});

vi.mock('../state/links', async (original) => {
  const actual = await original<typeof import('../state/links')>();
  return { ...actual, prepareSessionLinks: vi.fn(actual.prepareSessionLinks) };
});

const input = (session: string, seq: number) => ({ kind: 'input', id: `${session}${seq}`, session, op: 'set', key: 'k', value: seq, accept_seq: seq });

/**
 * Runs scheduled steps when told, one at a time, as idle periods would: each a whole idle
 * period unless told how much of it is left, long after the user's last input unless told.
 */
function queue() {
  const waiting: ((deadline: IdleDeadlineLike) => void)[] = [];
  const schedule = (step: (deadline: IdleDeadlineLike) => void) => {
    waiting.push(step);
    return () => waiting.splice(waiting.indexOf(step), 1);
  };
  const input = { since: Infinity };
  const runOne = (left = 50) => waiting.shift()?.({ timeRemaining: () => left });
  return { pace: { schedule, sinceInput: () => input.since }, input, waiting, runOne };
}

/** Three sessions of two inputs each, stored out of acceptance order. */
const threeSessions = () => analysisOf({ name: 'three.jsonl', lines: ['a', 'b', 'c'].flatMap((s) => [input(s, 2), input(s, 1)]) });

/** Three sessions, a on screen, warmed by idle periods until nothing is left to do. */
async function warmedThroughout() {
  const analysis = await threeSessions();
  const q = queue();
  warmSessions(analysis, 'a', q.pace);
  while (q.waiting.length > 0) q.runOne();
  return analysis;
}

describe('warming the other sessions while idle', () => {
  it('builds each other session\u2019s order model once, a step per idle period, so choosing it later builds nothing', async () => {
    const analysis = await threeSessions();
    const built = vi.mocked(buildOrderModel);
    built.mockClear();
    const q = queue();
    warmSessions(analysis, 'a', q.pace);
    expect(q.waiting).toHaveLength(1);
    // The record order first, then the rest of the model, each in an idle period of its own.
    q.runOne();
    expect(built).not.toHaveBeenCalled();
    q.runOne();
    expect(built).toHaveBeenCalledTimes(1);
    while (q.waiting.length > 0) q.runOne();
    expect(built.mock.calls.map(([s]) => s.session)).toEqual(['b', 'c']);
    for (const s of analysis.sessions) orderModelOf(s);
    // Only the session on screen is built when shown; the others were ready.
    expect(built.mock.calls.map(([s]) => s.session)).toEqual(['b', 'c', 'a']);
  });

  it("prepares each other session's order view (its legend, and its bins at the view's width) while idle", async () => {
    const prepared = vi.mocked(prepareOrderView);
    prepared.mockClear();
    const analysis = await warmedThroughout();
    expect(prepared.mock.calls.map(([a, s]) => [a, s])).toEqual([
      [analysis, 'b'],
      [analysis, 'c'],
    ]);
  });

  it("builds every session's link index, the one on screen's last, after the rest of the others", async () => {
    const linked = vi.mocked(prepareSessionLinks);
    linked.mockClear();
    await warmedThroughout();
    expect(linked.mock.calls.map(([, s]) => s)).toEqual(['b', 'c', 'a']);
  });

  it('stops when cancelled, and leaves a file of many sessions to be built when chosen', async () => {
    const analysis = await analysisOf({ name: 'two.jsonl', lines: ['a', 'b'].flatMap((s) => [input(s, 1)]) });
    const q = queue();
    const cancel = warmSessions(analysis, 'a', q.pace);
    cancel();
    expect(q.waiting).toHaveLength(0);
    const many = await analysisOf({ name: 'many.jsonl', lines: Array.from({ length: WARM_UP_TO + 1 }, (_, i) => input(`s${i}`, 1)) });
    warmSessions(many, null, q.pace);
    expect(q.waiting).toHaveLength(0);
  });
});

describe('keeping the warm-up out of the user\u2019s way', () => {
  it('runs no step in an idle period too short for one, and waits on for a whole one', async () => {
    const analysis = await threeSessions();
    const first = vi.mocked(recordOrderOf);
    first.mockClear();
    const q = queue();
    warmSessions(analysis, 'a', q.pace);
    for (let i = 0; i < 5; i++) q.runOne(WHOLE_IDLE_MS - 1);
    expect(first).not.toHaveBeenCalled();
    expect(q.waiting).toHaveLength(1);
    q.runOne(WHOLE_IDLE_MS);
    expect(first.mock.calls.map(([s]) => s.session)).toEqual(['b']);
  });

  it('runs no step while the user is pressing keys, and goes on once they have been quiet a while', async () => {
    const analysis = await threeSessions();
    const first = vi.mocked(recordOrderOf);
    first.mockClear();
    const q = queue();
    warmSessions(analysis, 'a', q.pace);
    q.input.since = 0;
    for (let i = 0; i < 5; i++) q.runOne();
    q.input.since = QUIET_MS - 1;
    q.runOne();
    expect(first).not.toHaveBeenCalled();
    expect(q.waiting).toHaveLength(1);
    q.input.since = QUIET_MS;
    q.runOne();
    expect(first.mock.calls.map(([s]) => s.session)).toEqual(['b']);
  });
});

/** One session of 20,480 responses and requests: each part of its link index is three slices. */
function longChat() {
  const lines: object[] = [];
  for (let i = 0; i < LINK_SLICE * 1.25; i++) {
    lines.push({ kind: 'response', id: `r${i}`, session: 'chat', response_id: `resp_${i}`, accept_seq: 2 * i + 1 });
    lines.push({ kind: 'request', id: `q${i}`, session: 'chat', previous_response_id: `resp_${i}`, accept_seq: 2 * i + 2 });
  }
  return analysisOf({ name: 'long.jsonl', lines });
}

describe('a link index longer than an idle period', () => {
  it('is built over several idle periods, each stopping when its time is up, and the steps after it wait', async () => {
    const analysis = await longChat();
    const linked = vi.mocked(prepareSessionLinks);
    linked.mockClear();
    const q = queue();
    warmSessions(analysis, 'chat', q.pace);
    let periods = 0;
    while (q.waiting.length > 0) {
      // A whole idle period when it starts, and none left once the step has begun.
      let asked = 0;
      q.waiting.shift()!({ timeRemaining: () => (asked++ === 0 ? WHOLE_IDLE_MS : 0) });
      periods++;
    }
    // Two parts of three slices each over 20,480 records: one period each, the parts' seam shared.
    expect(periods).toBe(5);
    expect(linked).toHaveBeenCalledTimes(5);
    expect(linked.mock.results.map((r) => r.value)).toEqual([false, false, false, false, true]);
  });

  it('stops a step after its budget of work even when the idle period has time left, so an input waits at most that', async () => {
    const analysis = await longChat();
    const q = queue();
    warmSessions(analysis, 'chat', q.pace);
    // Whole idle periods of 50 ms in which each look at the time left comes 4 ms after the one before.
    const leftAtStop: number[] = [];
    while (q.waiting.length > 0) {
      let left = 54;
      q.waiting.shift()!({ timeRemaining: () => (left -= 4) });
      leftAtStop.push(left);
    }
    // Six slices of 8,192 records in two parts: four slices until 10 ms were spent, then the last two. Reading on
    // while more than 10 ms were left, the first period would have read all six.
    expect(STEP_BUDGET_MS).toBe(10);
    expect(leftAtStop).toEqual([38, 46]);
  });
});

describe('idle periods where the browser has no idle callbacks', () => {
  it('are whole ones when a step starts, and run down as it works, so a step that can stop part way does stop', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    try {
      const read: number[] = [];
      idleSchedule((deadline) => {
        read.push(deadline.timeRemaining());
        vi.advanceTimersByTime(30);
        read.push(deadline.timeRemaining());
        vi.advanceTimersByTime(30);
        read.push(deadline.timeRemaining());
      });
      vi.advanceTimersByTime(50);
      expect(read).toEqual([WHOLE_IDLE_MS, WHOLE_IDLE_MS - 30, 0]);
    } finally {
      vi.unstubAllGlobals();
      vi.useRealTimers();
    }
  });
});
