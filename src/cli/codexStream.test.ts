import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { gzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { fixtureFiles, fixturesDir, realSampleFiles, realSamplesDir } from '../io/test/samples';
import { readCliInput } from './readCliInput';
import { runCli } from './test/runCli';

/** `seqscope check` streams Codex rollouts; a report makes it read them whole, and the result must not differ. */

const dir = mkdtempSync(join(tmpdir(), 'seqscope-codex-stream-'));
const fixtures = fixtureFiles()
  .filter((f) => f.startsWith('codex-'))
  .map((f) => join(fixturesDir, f));
const real = realSampleFiles()
  .filter((f) => f.startsWith('codex/'))
  .map((f) => join(realSamplesDir, f));

function gzipped(path: string): string {
  const gz = join(dir, `${basename(path)}.gz`);
  writeFileSync(gz, gzipSync(new Uint8Array(readFileSync(path))));
  return gz;
}

/** The file gzipped and cut off at four fifths, as if copied while being written. */
function cutGzipped(path: string): string {
  const bytes = gzipSync(new Uint8Array(readFileSync(path)));
  const gz = join(dir, `${basename(path)}.cut.gz`);
  writeFileSync(gz, bytes.subarray(0, Math.floor(bytes.length * 0.8)));
  return gz;
}

/** The text report and the JSON document, streamed and read whole, with their exit status. */
function expectStreamedLikeWhole(path: string): void {
  for (const json of [[], ['--json']]) {
    const streamed = runCli(['check', path, ...json]);
    const whole = runCli(['check', path, ...json, '--report', join(dir, 'report.md')]);
    expect(streamed.stderr).toBe('');
    expect([streamed.status, streamed.stdout]).toEqual([whole.status, whole.stdout]);
  }
}

describe('seqscope check on the Codex fixtures, streamed and read whole', () => {
  it('finds the fixtures', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(3);
  });
  it.each(fixtures)('%s gives the same report and document either way, plain, gzipped and cut off', (path) => {
    expectStreamedLikeWhole(path);
    expectStreamedLikeWhole(gzipped(path));
    expectStreamedLikeWhole(cutGzipped(path));
  });
});

describe.skipIf(real.length === 0)(`seqscope check on the real Codex rollouts in ${realSamplesDir}/codex, streamed and read whole`, () => {
  it.each(real)('%s gives the same report and document either way, plain and gzipped', (path) => {
    expectStreamedLikeWhole(path);
    expectStreamedLikeWhole(gzipped(path));
  });
});

if (real.length === 0) {
  describe('seqscope check on the real Codex rollouts, streamed and read whole', () => {
    it.skip(`skipped: ${realSamplesDir} does not exist (it is provided beside the repository in CI)`, () => {});
  });
}

describe('which inputs the CLI streams', () => {
  const meta = (instructions: number) =>
    JSON.stringify({
      timestamp: '2026-09-18T09:31:00.000Z',
      type: 'session_meta',
      payload: { id: '0199eeee-0000-7000-8000-000000000005', cli_version: '0.150.0', base_instructions: { text: 'i'.repeat(instructions) } },
    });
  const rest = readFileSync(join(fixturesDir, 'codex-paginated-flip.jsonl'), 'utf8').split('\n').slice(1).join('\n');

  it('streams a rollout, plain or gzipped, into records without text or envelope', async () => {
    const plain = join(dir, 'rollout.jsonl');
    writeFileSync(plain, `${meta(10)}\n${rest}`);
    for (const [path, format] of [
      [plain, 'codex-rollout'],
      [gzipped(plain), 'codex-rollout+gzip'],
    ] as const) {
      const input = await readCliInput(path, 0, true);
      expect(input.format).toBe(format);
      expect(input.text).toBe('');
      expect(input.records.some((r) => 'codex' in r.data)).toBe(false);
      const whole = await readCliInput(path, 0, false);
      expect(whole.text).not.toBe('');
      expect(input.records.map((r) => [r.line, r.id, r.kind, r.session, r.acceptSeq])).toEqual(
        whole.records.map((r) => [r.line, r.id, r.kind, r.session, r.acceptSeq]),
      );
    }
  });

  it('reads on until the first line is whole when it is longer than a read, and then streams', async () => {
    const long = join(dir, 'long-meta.jsonl');
    writeFileSync(long, `${meta(3 * 1024 * 1024)}\n${rest}`);
    const input = await readCliInput(long, 0, true);
    expect([input.format, input.text, input.records.length]).toEqual(['codex-rollout', '', 10]);
  });

  it('gives the same result from standard input, whose reads are smaller than the first line', () => {
    const text = `${meta(200 * 1024)}\n${rest}`;
    const streamed = runCli(['check', '-', '--json'], text);
    const whole = runCli(['check', '-', '--json', '--report', join(dir, 'stdin.md')], text);
    expect(streamed.stderr).toBe('');
    expect(JSON.parse(streamed.stdout)).toEqual(JSON.parse(whole.stdout));
    expect(JSON.parse(streamed.stdout)).toMatchObject({ inputs: [{ file: '<stdin>', format: 'codex-rollout', records: 10 }] });
  });
});
