import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectGolden } from './test/golden';
import { repoRoot, runCli } from './test/runCli';

/**
 * `seqscope check --report FILE` against a golden report of a bundled
 * sample. `UPDATE_GOLDEN=1 npx vitest run src/cli/report.test.ts` rewrites it.
 */

const dir = mkdtempSync(join(tmpdir(), 'seqscope-report-'));
const goldenDir = join(repoRoot, 'src', 'cli', '__golden__', 'reports');
/** 2025-09-16T08:00:00Z, so the report's time is fixed. */
const fixedTime = { SOURCE_DATE_EPOCH: '1758009600' };

function checkWithReport(sample: string, extra: string[] = []): { status: number; stdout: string; report: string } {
  const report = join(dir, `${sample}.md`);
  const run = runCli(['check', `public/samples/${sample}.jsonl`, '--report', report, ...extra], undefined, { cwd: repoRoot, env: fixedTime });
  expect(run.stderr).toBe('');
  return { status: run.status, stdout: run.stdout, report: readFileSync(report, 'utf8') };
}

describe('seqscope check --report', () => {
  it.each([
    ['mixed-incident', ['--cutoff', '2']],
    ['eval-sweep', []],
  ])('writes the Markdown report of %s, matching its golden file', (sample, extra) => {
    const { report } = checkWithReport(sample, extra);
    expectGolden(join(goldenDir, `${sample}.md`), report);
  });

  it('leaves the normal output and exit status as they are', () => {
    const plain = runCli(['check', 'public/samples/o1-flip.jsonl', '--json', '--cutoff', '1'], undefined, { cwd: repoRoot });
    const { status, stdout, report } = checkWithReport('o1-flip', ['--json', '--cutoff', '1']);
    expect([status, stdout]).toEqual([plain.status, plain.stdout]);
    expect(status).toBe(1);
    expect(report).toContain('reported at 2025-09-16T08:00:00.000Z');
    expect(report).toContain('#### State at cutoff (accept\\_seq ≤ 1)');
    expect(report).toContain('#### F1 · `decision-flip` · session `o1`');
    // The full hash, not the short one of the text report.
    const sha = (JSON.parse(stdout) as { inputs: { sha256: string }[] }).inputs[0]!.sha256;
    expect(report).toContain(`\`${sha}\``);
  });

  it('exits 2 and prints nothing when the report cannot be written', () => {
    const run = runCli(['check', join(repoRoot, 'public/samples/o0-in-order.jsonl'), '--report', join(dir, 'missing-dir', 'r.md')]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('cannot write the report to');
    expect(run.stdout).toBe('');
  });

  it('needs a file name', () => {
    for (const args of [['--report'], ['--report', '-'], ['--report=']]) {
      const run = runCli(['check', 'x.jsonl', ...args]);
      expect(run.status).toBe(2);
      expect(run.stderr).toContain('--report needs a file name');
    }
  });
});
