/**
 * `__proto__`, `constructor` and `prototype` as keys, ids, sessions and names
 * in every reader: kept as data, never a prototype; and the SQLite reader's
 * row limits.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import { analyze } from '../core/analyze';
import type { ParsedInput } from '../core/model';
import { DEFAULT_LIMITS } from './limits';
import { loadInput } from './loadInput';
import { loadSqlJs } from './sqliteLoader';

const enc = new TextEncoder();
const load = (name: string, bytes: Uint8Array | string) => loadInput(name, typeof bytes === 'string' ? enc.encode(bytes) : bytes, 0);
const own = (o: unknown, k: string) => Object.prototype.hasOwnProperty.call(o, k);

let protoNames: string[] = [];
beforeEach(() => {
  protoNames = Object.getOwnPropertyNames(Object.prototype);
});
afterEach(() => {
  // Nothing any reader did may have added to, or changed, what every object inherits.
  expect(Object.getOwnPropertyNames(Object.prototype)).toEqual(protoNames);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

function accounted(input: ParsedInput): void {
  expect(input.records.length + input.rejected.length + input.blank).toBe(input.lines);
  expect(() => analyze([input])).not.toThrow();
}

describe('prototype keys are data in every reader', () => {
  it('native: a state key named __proto__ replays like any key', async () => {
    const input = await load('n.jsonl', [
      '{"kind":"input","id":"a","accept_seq":1,"op":"set","key":"__proto__","value":{"polluted":true}}',
      '{"kind":"input","id":"b","accept_seq":2,"op":"set","key":"constructor","value":"x","__proto__":{"polluted":true}}',
    ].join('\n'));
    accounted(input);
    expect(own(input.records[1]!.data, '__proto__')).toBe(true);
    const state = analyze([input]).sessions[0]!.replays.acceptance;
    expect(Object.keys(state)).toEqual(['__proto__', 'constructor']);
    expect(state['__proto__']).toEqual({ polluted: true });
  });

  it('Codex rollout: keys in the envelope, the payload and the metadata', async () => {
    const line = '{"timestamp":"t","ordinal":0,"type":"response_item","__proto__":{"polluted":1},"payload":{"type":"message","role":"user","content":"hi","__proto__":{"polluted":1}},"metadata":{"user_input_order":1,"__proto__":{"polluted":1}}}';
    const input = await load('rollout-x.jsonl', `${line}\n{"timestamp":"t","ordinal":1,"type":"constructor","payload":{}}\n`);
    accounted(input);
    expect(input.format).toBe('codex-rollout');
    expect(input.records.map((r) => [r.kind, r.acceptSeq])).toEqual([['input', 1], ['other', null]]);
    expect(own(input.records[0]!.data.codex, '__proto__')).toBe(true);
  });

  it('Inspect: a scorer named __proto__ and a sample id "constructor"', async () => {
    const log = '{"status":"success","eval":{"task":"t","run_id":"r"},"samples":[{"id":"constructor","scores":{"__proto__":{"value":"C"},"prototype":{"value":"I"}}}]}';
    const input = await load('log.json', log);
    accounted(input);
    expect(input.records.map((r) => [r.data.scorer, r.data.status])).toEqual([['__proto__', 'pass'], ['prototype', 'fail']]);
    const zip = zipSync({ 'header.json': strToU8('{"status":"success","eval":{"task":"t","run_id":"r"}}'), 'samples/__proto___epoch_1.json': strToU8('{"id":"__proto__","epoch":1,"scores":{"s":{"value":"C"}}}') });
    const fromZip = await load('log.eval', zip);
    accounted(fromZip);
    expect(fromZip.records.map((r) => r.data.sample_id)).toEqual(['__proto__']);
  });

  it('promptfoo and RunState: providers, items and ids named after Object.prototype', async () => {
    const pf = await load('pf.json', '{"evalId":"__proto__","results":{"version":3,"results":[{"testIdx":0,"promptIdx":0,"success":true,"provider":{"label":"constructor"},"__proto__":{"polluted":1}}]}}');
    accounted(pf);
    expect(pf.records.map((r) => [r.data.run_id, r.data.provider])).toEqual([['__proto__', 'constructor']]);
    const state = await load('state.json', '{"$schemaVersion":"1.17","conversation_id":"__proto__","model_responses":[{"response_id":"constructor","__proto__":{"polluted":1}}],"generated_items":[{"type":"message_output_item","raw_item":{"type":"message","role":"assistant","id":"__proto__","content":[]}}]}');
    accounted(state);
    expect(state.records.map((r) => [r.session, r.id])).toEqual([['__proto__', 'run_state'], ['__proto__', 'constructor'], ['__proto__', '__proto__']]);
  });
});

async function sessionDb(rows: [string, string][]): Promise<Uint8Array> {
  const SQL = await loadSqlJs();
  const db = new SQL.Database();
  db.run('CREATE TABLE agent_sessions (session_id TEXT PRIMARY KEY); CREATE TABLE agent_messages (id INTEGER PRIMARY KEY AUTOINCREMENT, session_id TEXT, message_data TEXT, created_at TEXT);');
  for (const [session, data] of rows) db.run('INSERT INTO agent_messages (session_id, message_data) VALUES (?, ?)', [session, data]);
  const bytes = db.export();
  db.close();
  return bytes;
}

describe('SQLite session databases', () => {
  it('sessions named __proto__ and constructor are sessions', async () => {
    const input = await load('s.sqlite', await sessionDb([['__proto__', '{"role":"user","content":"a"}'], ['constructor', '{"role":"user","content":"b","__proto__":{"polluted":1}}']]));
    accounted(input);
    expect(input.records.map((r) => r.session)).toEqual(['__proto__', 'constructor']);
    expect(analyze([input]).sessions.map((s) => s.session)).toEqual(['__proto__', 'constructor']);
  });

  it('rejects a row over the line limit with its length, and a row nested too deep, by row id', async () => {
    const long = `{"role":"user","content":"${'x'.repeat(5000)}"}`;
    const deep = `{"role":"user","content":${'['.repeat(600)}${']'.repeat(600)}}`;
    const db = await sessionDb([['chat', long], ['chat', deep], ['chat', '{"role":"user","content":"ok"}']]);
    const input = await loadInput('s.sqlite', db, 0, { ...DEFAULT_LIMITS, maxLineChars: 4096 });
    accounted(input);
    expect(input.rejected).toEqual([
      { line: 1, reason: 'item 1 (row id 1): message_data is 5,028 characters long, over the 4 KiB line limit; not parsed' },
      { line: 2, reason: 'item 2 (row id 2): message_data is JSON nested more than 512 levels deep, over the limit; not analysed' },
    ]);
  });

  it('keeps loading SQLite files after a damaged one', async () => {
    const good = await sessionDb([['chat', '{"role":"user","content":"a"}']]);
    for (let at = 100; at < good.length; at += 97) {
      const damaged = Uint8Array.from(good);
      damaged[at] = damaged[at]! ^ 0xa5;
      await load('damaged.sqlite', damaged).catch(() => undefined);
    }
    expect((await load('good.sqlite', good)).records).toHaveLength(1);
  });
});
