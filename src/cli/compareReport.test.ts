import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, runCli } from './test/runCli';

/**
 * `seqscope compare BASE OTHER --report FILE`: the report is the core's
 * golden comparison report (src/core/__golden__, which the page's export is
 * held to as well), and the rules are check's --report rules.
 */

const dir = mkdtempSync(join(tmpdir(), 'seqscope-compare-report-'));
const samples = join(repoRoot, 'public', 'samples');
const coreGolden = (name: string) => readFileSync(join(repoRoot, 'src', 'core', '__golden__', name), 'utf8');
/** 2025-09-16T08:00:00Z, so the report's time is fixed. */
const fixedTime = { SOURCE_DATE_EPOCH: '1758009600' };

describe('seqscope compare --report', () => {
  it.each([
    ['compare-good', 'compare-bad'],
    ['eval-run-a', 'eval-run-b'],
  ])('writes the comparison of %s and %s as the golden report, and prints and exits as without it', (base, other) => {
    const report = join(dir, `${base}.vs.${other}.md`);
    const files = [`${base}.jsonl`, `${other}.jsonl`];
    const plain = runCli(['compare', ...files], undefined, { cwd: samples });
    const run = runCli(['compare', ...files, '--report', report], undefined, { cwd: samples, env: fixedTime });
    expect(run.stderr).toBe('');
    expect([run.status, run.stdout]).toEqual([plain.status, plain.stdout]);
    expect(run.status).toBe(1);
    expect(readFileSync(report, 'utf8')).toBe(coreGolden(`${base}.vs.${other}.comparison.md`));
  });

  it('writes the JSON document on stdout beside the report, and the full hashes in the report', () => {
    const report = join(dir, 'json.md');
    const run = runCli(['compare', join(samples, 'compare-good.jsonl'), join(samples, 'compare-bad.jsonl'), '--json', '--report', report]);
    const doc = JSON.parse(run.stdout) as { base: { inputs: { sha256: string }[] } };
    expect(readFileSync(report, 'utf8')).toContain(`\`${doc.base.inputs[0]!.sha256}\``);
  });

  it('refuses a --report path that is either input, and leaves that file as it was', () => {
    const base = join(dir, 'base.jsonl');
    const other = join(dir, 'other.jsonl');
    const text = '{"kind":"input","id":"m1","op":"allow","accept_seq":1}\n';
    writeFileSync(base, text);
    writeFileSync(other, text);
    for (const victim of [base, join(dir, '.', 'other.jsonl')]) {
      const run = runCli(['compare', base, other, '--report', victim]);
      expect(run.status).toBe(2);
      expect(run.stderr).toContain('is one of the files to compare; writing the report there would overwrite it');
      expect(run.stdout).toBe('');
    }
    expect([readFileSync(base, 'utf8'), readFileSync(other, 'utf8')]).toEqual([text, text]);
  });

  it('exits 2 and prints nothing when the report cannot be written', () => {
    const run = runCli(['compare', join(samples, 'o0-in-order.jsonl'), join(samples, 'o1-flip.jsonl'), '--report', join(dir, 'missing-dir', 'r.md')]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('cannot write the report to');
    expect(run.stdout).toBe('');
  });

  it('needs a file name, and says so in --help', () => {
    for (const args of [['--report'], ['--report', '-'], ['--report=']]) {
      const run = runCli(['compare', 'a.jsonl', 'b.jsonl', ...args]);
      expect(run.status).toBe(2);
      expect(run.stderr).toContain('--report needs a file name');
    }
    expect(runCli(['--help']).stdout).toMatch(/seqscope compare BASE OTHER .*\[--report FILE\.md\][\s\S]*also write the comparison as a Markdown report/);
  });
});
