/**
 * Readers on pathological files: nested rollbacks, and SQLite databases with
 * many sessions. As in src/core/scaling.test.ts, each case compares n with
 * 4n (linear ≈ 4×, quadratic 16×) against a bound of 10×, measured again
 * once before a high ratio counts.
 */
import { describe, expect, it } from 'vitest';
import { parseCodexRollout } from './parseCodexRollout';
import { loadInput } from './loadInput';
import { loadSqlJs } from './sqliteLoader';

const LINEAR_BOUND = 10;

function growth(run: (n: number) => void, n: number): number {
  run(n);
  const measure = () => {
    let t1 = Infinity;
    let t4 = Infinity;
    for (let i = 0; i < 3; i++) {
      let t0 = performance.now();
      run(n);
      t1 = Math.min(t1, performance.now() - t0);
      t0 = performance.now();
      run(4 * n);
      t4 = Math.min(t4, performance.now() - t0);
    }
    return t4 / Math.max(t1, 1);
  };
  const first = measure();
  return first < LINEAR_BOUND ? first : measure();
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

  it('costs linear time when many turns each roll back everything since an early turn', () => {
    // Turns opened up front stay live while later rollbacks pop one each, every pop reaching back over all records.
    const rollout = (n: number) => {
      const lines = Array.from({ length: n }, (_, i) => started(`open${i}`));
      for (let i = 0; i < n; i++) lines.push(message(`m${i}`), rollback(1));
      return lines.join('\n');
    };
    const texts = new Map<number, string>();
    const run = (n: number) => {
      if (!texts.has(n)) texts.set(n, rollout(n));
      parseCodexRollout(texts.get(n)!, 'r.jsonl', 0);
    };
    expect(growth(run, 2500)).toBeLessThan(LINEAR_BOUND);
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
