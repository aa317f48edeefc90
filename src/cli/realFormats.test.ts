import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckDocument } from '../core/index';
import { fixturesDir, realSampleFiles, realSamplesDir } from '../io/test/samples';
import { runCli } from './test/runCli';

/** `seqscope check` on the real files every supported tool writes (../shared/samples/real), and on the project's own fixtures. */

const real = realSampleFiles();
const REAL_FORMATS = new Set(['codex-rollout', 'inspect-json', 'inspect-eval', 'promptfoo', 'agents-run-state']);

describe.skipIf(real.length === 0)(`seqscope check on every real sample in ${realSamplesDir}`, () => {
  it('opens them all at once, in their own formats, with every line accounted for and none rejected', () => {
    const run = runCli(['check', '--json', ...real.map((f) => join(realSamplesDir, f))]);
    expect(run.stderr).toBe('');
    expect([0, 1]).toContain(run.status);
    const doc = JSON.parse(run.stdout) as CheckDocument;
    expect(doc.inputs).toHaveLength(real.length);
    for (const input of doc.inputs) {
      expect(REAL_FORMATS.has(input.format), `${input.file}: ${input.format}`).toBe(true);
      expect(input.rejected, input.file).toEqual([]);
      expect(input.records + input.blank, input.file).toBe(input.lines);
    }
  });

  it.each(real)('%s opens on its own with no error finding', (file) => {
    const run = runCli(['check', '--json', join(realSamplesDir, file)]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const doc = JSON.parse(run.stdout) as CheckDocument;
    expect(doc.findings.filter((f) => f.code !== 'no-acceptance-order')).toEqual([]);
  });
});

if (real.length === 0) {
  describe('seqscope check on the real samples', () => {
    it.skip(`skipped: ${realSamplesDir} does not exist (it is provided beside the repository in CI)`, () => {});
  });
}

describe('seqscope check on a paginated Codex rollout stored out of acceptance order', () => {
  it('shows the inversion and the flipped decision, and exits 1', () => {
    const run = runCli(['check', join(fixturesDir, 'codex-paginated-flip.jsonl')]);
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/, 1 inversion$/m);
    expect(run.stdout).toMatch(/decision-flip \(0199aaaa-0000-7000-8000-000000000001\): Key last_user_input is/);
  });
});
