import { gzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { analyze } from '../core/analyze';
import { loadInput, UnreadableInputError } from './loadInput';
import { loadSqlJs } from './sqliteLoader';

/** The schema SQLiteSession creates (openai-agents-python, src/agents/memory/sqlite_session.py). */
const SCHEMA = `
  CREATE TABLE agent_sessions (session_id TEXT PRIMARY KEY, created_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP, updated_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP);
  CREATE TABLE agent_messages (id INTEGER PRIMARY KEY AUTOINCREMENT, session_id TEXT NOT NULL, message_data TEXT NOT NULL,
    created_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP, FOREIGN KEY (session_id) REFERENCES agent_sessions (session_id) ON DELETE CASCADE);
  CREATE INDEX idx_agent_messages_session_id ON agent_messages (session_id, id);`;

async function database(build: (run: (sql: string, params?: (string | number)[]) => void) => void): Promise<Uint8Array> {
  const SQL = await loadSqlJs();
  const db = new SQL.Database();
  db.run(SCHEMA);
  build((sql, params) => db.run(sql, params));
  const bytes = db.export();
  db.close();
  return bytes;
}

const add = (run: (sql: string, params?: (string | number)[]) => void, session: string, item: unknown) =>
  run('INSERT INTO agent_messages (session_id, message_data, created_at) VALUES (?, ?, ?)', [session, typeof item === 'string' ? item : JSON.stringify(item), '2026-01-01 10:00:00']);

const session = (run: (sql: string, params?: (string | number)[]) => void, id: string) => run('INSERT INTO agent_sessions (session_id) VALUES (?)', [id]);

describe('Agents SDK SQLiteSession databases', () => {
  const built = database((run) => {
    session(run, 'chat');
    session(run, 'old');
    add(run, 'old', { role: 'user', content: 'forget me' }); // id 1, cleared below
    add(run, 'chat', { role: 'user', content: 'Book a table for two.' }); // id 2
    add(run, 'chat', { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'book', arguments: '{}' }); // id 3
    add(run, 'chat', { type: 'function_call_output', call_id: 'call_1', output: 'booked' }); // id 4
    add(run, 'chat', '{"role": "assistant", "content": '); // id 5: not JSON
    add(run, 'chat', { id: 'msg_2', type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Done.' }], status: 'completed', extra: 1 }); // id 6
    add(run, 'chat', { role: 'user', content: 'Thanks' }); // id 7, popped below
    run("DELETE FROM agent_messages WHERE session_id = 'old'");
    run("DELETE FROM agent_sessions WHERE session_id = 'old'");
    run('DELETE FROM agent_messages WHERE id = 7');
  });

  it('reads agent_messages in id order, one record per item, linking calls and outputs', async () => {
    const input = await loadInput('session.db', await built, 0);
    expect(input.format).toBe('agents-sqlite');
    // Its text is the message_data cells laid end to end; records are items (rows), placed in no byte of the file.
    expect([input.itemized, input.assembled]).toEqual([true, true]);
    expect(input.records.map((r) => [r.line, r.kind, r.id, r.session, r.data.row_id])).toEqual([
      [1, 'input', 'row 2', 'chat', 2],
      [2, 'tool_call', 'call_1', 'chat', 3],
      [3, 'tool_output', 'call_1:output', 'chat', 4],
      [5, 'message', 'msg_2', 'chat', 6],
    ]);
    expect(input.records[2]!.data.refs).toEqual(['call_1']);
    expect(input.records[3]!.data.agents).toMatchObject({ extra: 1 });
    const r = input.records[1]!;
    expect(JSON.parse(input.text.slice(r.offset, r.offset + r.length))).toEqual(r.data.agents);
  });

  it('rejects a row whose message_data is not JSON, by item and row id', async () => {
    const input = await loadInput('session.db', await built, 0);
    expect(input.rejected).toEqual([
      { line: 4, reason: 'item 4 (row id 5): message_data is not valid JSON: it ends early, after line 1, column 32 (Unexpected end of JSON input), so it was probably cut off' },
    ]);
    expect(input.lines).toBe(5);
  });

  it('shows deleted rows as boundaries, since AUTOINCREMENT ids are never reused', async () => {
    const input = await loadInput('session.db', await built, 0);
    expect(input.boundaries).toEqual([
      { line: 1, session: null, kind: 'deletion', label: 'id 1 is missing: deleted rows', covers: null },
      // Deleted after the last row kept (item 5): placed past it, so no view shows it before that row.
      { line: 6, session: null, kind: 'deletion', label: 'id 7 is missing: deleted rows after the last one kept', covers: null },
    ]);
    expect(input.notes.find((n) => n.message.startsWith('id 7'))).toEqual({ line: 5, message: expect.stringContaining('id 7 is missing from the table, after this row:') });
    expect(input.notes[0]!.message).toMatch(/records no acceptance order and no response ids/);
    expect(analyze([input]).findings.map((f) => f.code)).toEqual(['no-acceptance-order']);
  });

  it('keeps an item of a type it does not know', async () => {
    const bytes = await database((run) => {
      session(run, 's');
      add(run, 's', { type: 'hologram', id: 'h1', payload: [1] });
    });
    const input = await loadInput('future.db', bytes, 0);
    expect(input.records.map((r) => [r.kind, r.id])).toEqual([['item', 'h1']]);
    expect(input.records[0]!.data.agents).toEqual({ type: 'hologram', id: 'h1', payload: [1] });
  });

  it('reads a gzipped database too', async () => {
    const input = await loadInput('session.db.gz', gzipSync(await built), 0);
    expect(input.format).toBe('agents-sqlite+gzip');
    expect(input.records).toHaveLength(4);
  });

  it('refuses a SQLite file that is not a session database, naming its tables', async () => {
    const SQL = await loadSqlJs();
    const db = new SQL.Database();
    db.run('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)');
    const bytes = db.export();
    db.close();
    await expect(loadInput('notes.db', bytes, 0)).rejects.toThrow(UnreadableInputError);
    await expect(loadInput('notes.db', bytes, 0)).rejects.toThrow(/without an Agents SDK messages table .* its tables are: notes/);
  });

  it('refuses a corrupt SQLite file instead of crashing', async () => {
    const bytes = (await built).slice(0, 200);
    await expect(loadInput('broken.db', bytes, 0)).rejects.toThrow(UnreadableInputError);
  });
});
