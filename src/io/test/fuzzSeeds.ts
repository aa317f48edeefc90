/**
 * Real-ish inputs for the fuzzers to mutate: the bundled native samples, the
 * project's fixtures, the real files beside the repository when present, and
 * one small file of each format that has no sample of its own (arrays, gzip,
 * an `.eval` zip, a SQLite session database).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync, strToU8, zipSync } from 'fflate';
import { loadSqlJs } from '../sqliteLoader';
import { walk } from './samples';

export interface Seed {
  readonly name: string;
  readonly bytes: Uint8Array;
}

export interface Seeds {
  readonly seeds: readonly Seed[];
  /** Said when the real samples are absent, so a run that could not use them says so. */
  readonly skipped: string | null;
}

function fromFiles(dir: string, keep: (path: string) => boolean): Seed[] {
  return walk(dir)
    .filter(keep)
    .map((path) => ({ name: path.slice(dir.length + 1), bytes: new Uint8Array(readFileSync(path)) }));
}

const json = (v: unknown) => strToU8(JSON.stringify(v, null, 1));

/** One small document per format, for formats the repository has no sample of. */
async function syntheticSeeds(): Promise<Seed[]> {
  const sample = (id: number, value: string) => ({ id, epoch: 1, scores: { match: { value, explanation: 'ok' } } });
  const header = { version: 2, status: 'success', eval: { task: 'demo', run_id: 'run-1' }, results: { total_samples: 2, scores: [{ name: 'match' }] } };
  const evalZip = zipSync({
    'header.json': json(header),
    'samples/1_epoch_1.json': json(sample(1, 'C')),
    'samples/2_epoch_1.json': json(sample(2, 'I')),
    'summaries.json': json([]),
  });
  const native = [
    { kind: 'input', id: 'a', session: 's', accept_seq: 2, op: 'revoke' },
    { kind: 'input', id: 'b', session: 's', accept_seq: 1, op: 'allow' },
    { kind: 'eval', case_id: 'c', run_id: 'r', status: 'pass', score: 1 },
  ];
  return [
    { name: 'synthetic/inspect.json', bytes: json({ ...header, samples: [sample(1, 'C'), sample(2, 'I')] }) },
    { name: 'synthetic/demo.eval', bytes: evalZip },
    {
      name: 'synthetic/promptfoo.json',
      bytes: json({ evalId: 'eval-1', results: { version: 3, results: [{ testIdx: 0, promptIdx: 0, success: true, score: 1, provider: { id: 'p' } }] } }),
    },
    {
      name: 'synthetic/run_state.json',
      bytes: json({ $schemaVersion: '1.17', previous_response_id: 'resp_0', model_responses: [{ response_id: 'resp_1' }], generated_items: [], original_input: 'hi' }),
    },
    { name: 'synthetic/array.json', bytes: json(native) },
    { name: 'synthetic/records.json', bytes: json({ records: native }) },
    // Laid out as the docs show it, one record to a line: every inner line but the last parses alone once its comma goes.
    { name: 'synthetic/array-by-hand.json', bytes: strToU8(`[\n${native.map((r) => `  ${JSON.stringify(r)}`).join(',\n')}\n]\n`) },
    { name: 'synthetic/native.jsonl.gz', bytes: gzipSync(strToU8(native.map((r) => JSON.stringify(r)).join('\n'))) },
    { name: 'synthetic/session.sqlite', bytes: await sessionDatabase() },
  ];
}

async function sessionDatabase(): Promise<Uint8Array> {
  const SQL = await loadSqlJs();
  const db = new SQL.Database();
  db.run(`CREATE TABLE agent_sessions (session_id TEXT PRIMARY KEY, created_at TIMESTAMP, updated_at TIMESTAMP);
    CREATE TABLE agent_messages (id INTEGER PRIMARY KEY AUTOINCREMENT, session_id TEXT NOT NULL, message_data TEXT NOT NULL, created_at TIMESTAMP);`);
  db.run("INSERT INTO agent_sessions (session_id) VALUES ('chat')");
  for (const item of [{ role: 'user', content: 'hi' }, { type: 'function_call', call_id: 'c1', name: 'f', arguments: '{}' }, { type: 'function_call_output', call_id: 'c1', output: 'x' }]) {
    db.run("INSERT INTO agent_messages (session_id, message_data, created_at) VALUES ('chat', ?, '2026-01-01')", [JSON.stringify(item)]);
  }
  const bytes = db.export();
  db.close();
  return bytes;
}

/** Every seed, from `root` (the repository) and `root/../shared/samples/real` when that exists. */
export async function fuzzSeeds(root: string): Promise<Seeds> {
  const realDir = join(root, '..', 'shared', 'samples', 'real');
  const real = fromFiles(realDir, (p) => !p.endsWith('.md') && !p.endsWith('run_state-sources.json'));
  return {
    seeds: [
      ...fromFiles(join(root, 'public', 'samples'), (p) => p.endsWith('.jsonl')),
      ...fromFiles(join(root, 'src', 'io', '__fixtures__'), () => true),
      ...real,
      ...(await syntheticSeeds()),
    ],
    skipped: real.length === 0 ? `the real samples in ${realDir} are absent; fuzzing the bundled samples, fixtures and synthetic files only` : null,
  };
}
