/**
 * Readers on pathological files: nested rollbacks, and SQLite databases with
 * many sessions. As in src/core/scaling.test.ts, growth is counted, not timed:
 * the work on n and on 2n turns, where linear work doubles and quadratic work
 * grows 4×.
 */
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../core/model';
import { countArrayWork, countedElementReads, workGrowth } from '../core/test/countedWork';
import type { CodexEvent } from './codexLine';
import { CodexTurnTracker } from './codexTurns';
import { parseCodexRollout } from './parseCodexRollout';
import { loadInput } from './loadInput';
import { loadSqlJs } from './sqliteLoader';
import { ValueInterner } from './valueInterner';

/**
 * The tracker's work on events, one record a line as a rollout body gives them:
 * the records it reads or marks (each `records[i]`) and the array elements it steps over.
 */
function trackerWork(events: readonly (CodexEvent | null)[]): number {
  const datas: JsonObject[] = [];
  const counter = { reads: 0 };
  const counted = countedElementReads(datas, counter);
  const tracker = new CodexTurnTracker('thread');
  const { steps } = countArrayWork(() => {
    for (let i = 0; i < events.length; i++) {
      const event = events[i];
      if (event) tracker.apply(event, i + 1, datas.length, counted);
      datas.push({});
    }
  });
  return counter.reads + steps;
}

const line = (type: string, payload: object) => JSON.stringify({ timestamp: '2026-01-01T00:00:00Z', type, payload });
const started = (id: string) => line('event_msg', { type: 'turn_started', turn_id: id });
const message = (text: string) => line('response_item', { type: 'message', role: 'user', content: text });
const rollback = (n: number) => line('event_msg', { type: 'thread_rolled_back', num_turns: n });

describe('Codex rollbacks', () => {
  it('marks each record with the first rollback that took it out, however rollbacks nest', () => {
    const text = [started('t1'), message('a'), started('t2'), message('b'), rollback(1), message('c'), rollback(5)].join('\n');
    const input = parseCodexRollout(text, 'r.jsonl', 0);
    expect(input.records.map((r) => [r.line, r.data.rolled_back_at_line ?? null])).toEqual([
      [1, 7],
      [2, 7],
      [3, 5],
      [4, 5],
      [5, 7],
      [6, 7],
      [7, null],
    ]);
  });

  it('costs linear work when many turns each roll back everything since an early turn', () => {
    // Turns opened up front stay live while later rollbacks pop one each, every pop reaching back over all records:
    // marking each covered record again, and filtering every turn for the live ones, were each quadratic.
    const rollout = (n: number): (CodexEvent | null)[] => {
      const events: (CodexEvent | null)[] = Array.from({ length: n }, (_, i) => ({ type: 'turn-start', turnId: `open${i}` }));
      for (let i = 0; i < n; i++) events.push(null, { type: 'rollback', numTurns: 1 });
      return events;
    };
    expect(workGrowth((n) => trackerWork(rollout(n)), 2_000)).toBeLessThan(2.2);
  });
});

describe('SQLite session databases', () => {
  it('note hundreds of empty and unlisted sessions in a line each, naming ten', async () => {
    const SQL = await loadSqlJs();
    const db = new SQL.Database();
    db.run('CREATE TABLE agent_sessions (session_id TEXT PRIMARY KEY); CREATE TABLE agent_messages (id INTEGER PRIMARY KEY AUTOINCREMENT, session_id TEXT, message_data TEXT, created_at TEXT);');
    db.run('BEGIN');
    for (let i = 0; i < 300; i++) {
      db.run('INSERT INTO agent_sessions (session_id) VALUES (?)', [`empty${i}`]);
      db.run('INSERT INTO agent_messages (session_id, message_data) VALUES (?, ?)', [`unlisted${i}`, '{"role":"user","content":"x"}']);
    }
    db.run('COMMIT');
    const bytes = db.export();
    db.close();
    const input = await loadInput('many.sqlite', bytes, 0);
    const lists = input.notes.filter((n) => /^sessions with no items|^items of sessions missing/.test(n.message)).map((n) => n.message);
    expect(lists).toHaveLength(2);
    for (const m of lists) expect(m).toMatch(/, \w+9 and 290 more\.$/);
  });
});

describe('the column reader\'s table of values', () => {
  const enc = new TextEncoder();
  /** Slots looked at to put n distinct values, each then found again: linear when each lookup is constant work. */
  function internWork(values: readonly string[]): number {
    const interner = new ValueInterner();
    const tokens = values.map((v) => enc.encode(JSON.stringify(v)));
    for (const t of tokens) interner.tokenIndex(t, 0, t.length);
    for (const t of tokens) interner.tokenIndex(t, 0, t.length);
    expect(interner.values).toHaveLength(values.length);
    return interner.probes;
  }

  it('looks up a value in constant work however many it holds: versions, ids sharing a long prefix, numbers as text', () => {
    const versions = (n: number) => Array.from({ length: n }, (_, i) => `W/"${i}"`);
    const prefixed = (n: number) => Array.from({ length: n }, (_, i) => `${'resource/'.repeat(8)}${i}`);
    const digits = (n: number) => Array.from({ length: n }, (_, i) => String(i * 4096));
    for (const make of [versions, prefixed, digits]) expect(workGrowth((n) => internWork(make(n)), 20_000)).toBeLessThan(2.2);
  });
});
