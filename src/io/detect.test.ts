import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync, strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { detectInputFormat } from './detect';
import { fixtureFiles, fixturesDir, nativeSamplesDir, realSampleFiles, realSamplesDir } from './test/samples';
import { loadSqlJs } from './sqliteLoader';

/** What each sample is, from where it lives: the answer detection must give from content alone. */
function expectedFormat(path: string): string {
  if (path.endsWith('.eval')) return 'inspect-eval';
  if (path.startsWith('codex') || /(^|\/)codex-[^/]*\.jsonl$/.test(path)) return 'codex-rollout';
  if (path.startsWith('inspect_ai/')) return 'inspect-json';
  if (path.startsWith('openai-agents-python/')) return 'agents-run-state';
  if (path.startsWith('promptfoo/')) return 'promptfoo';
  throw new Error(`no expected format for ${path}`);
}

const detect = (path: string) => detectInputFormat(new Uint8Array(readFileSync(path)));
const real = realSampleFiles();
const nativeSamples = existsSync(nativeSamplesDir) ? readdirSync(nativeSamplesDir).filter((f) => f.endsWith('.jsonl')) : [];

describe.skipIf(real.length === 0)(`detection of the real samples in ${realSamplesDir}`, () => {
  it.each(real)('%s', (file) => {
    expect(detect(join(realSamplesDir, file))).toBe(expectedFormat(file));
  });

  it('refuses the provenance file beside the RunState samples: one JSON document in no format', () => {
    expect(detect(join(realSamplesDir, 'openai-agents-python', 'run_state-sources.json'))).toBe('unreadable');
  });

  it.each(real)('%s, gzipped', (file) => {
    expect(detectInputFormat(gzipSync(new Uint8Array(readFileSync(join(realSamplesDir, file)))))).toBe(expectedFormat(file));
  });
});

if (real.length === 0) {
  describe('detection of the real samples', () => {
    it.skip(`skipped: ${realSamplesDir} does not exist (it is provided beside the repository in CI)`, () => {});
  });
}

describe('detection of the project’s own fixtures and bundled native samples', () => {
  it.each(fixtureFiles())('fixture %s', (file) => {
    expect(detect(join(fixturesDir, file))).toBe(expectedFormat(file));
  });

  it.each(nativeSamples)('public/samples/%s is native', (file) => {
    expect(detect(join(nativeSamplesDir, file))).toBe('native-jsonl');
  });

  it('keeps a native record with type and payload fields native', () => {
    const text = '{"kind":"command","id":"c1","type":"deploy","payload":{"x":1},"timestamp":"2026-01-01T00:00:00Z"}\n';
    expect(detectInputFormat(strToU8(text))).toBe('native-jsonl');
  });

  it('recognises a rollout whose first line is cut off', () => {
    const text = '{"timestamp":"2026-01-01T00:00:00Z","type":"sess\n{"timestamp":"2026-01-01T00:00:01Z","type":"event_msg","payload":{"type":"token_count"}}\n';
    expect(detectInputFormat(strToU8(text))).toBe('codex-rollout');
  });

  it('tells an eval zip from another zip, and finds SQLite by its header', async () => {
    expect(detectInputFormat(zipSync({ 'header.json': strToU8('{}') }))).toBe('inspect-eval');
    expect(detectInputFormat(zipSync({ 'notes.txt': strToU8('hi') }))).toBe('unreadable');
    const SQL = await loadSqlJs();
    const db = new SQL.Database();
    db.run('CREATE TABLE t (x)');
    expect(detectInputFormat(db.export())).toBe('agents-sqlite');
    db.close();
  });
});

describe('detection of a rollout with a very long first line', () => {
  it('reads the whole first line, not only the head', () => {
    const meta = { timestamp: '2026-01-01T00:00:00Z', type: 'session_meta', payload: { id: 't', base_instructions: { text: 'x'.repeat(200_000) } } };
    const text = `${JSON.stringify(meta)}\r\n${JSON.stringify({ timestamp: '2026-01-01T00:00:01Z', type: 'event_msg', payload: { type: 'token_count' } })}\r\n`;
    expect(detectInputFormat(strToU8(text))).toBe('codex-rollout');
  });
});
