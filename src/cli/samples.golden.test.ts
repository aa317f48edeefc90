import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckDocument } from '../core/index';
import { expectGolden } from './test/golden';
import { repoRoot, runCli } from './test/runCli';

/**
 * Every bundled sample, run through the built CLI and compared with a golden
 * JSON report. `UPDATE_GOLDEN=1 npx vitest run src/cli/samples.golden.test.ts`
 * rewrites the golden files; otherwise they are compared byte for byte.
 */

interface SampleEntry {
  file: string;
  title: string;
  description: string;
  family: string;
  cutoff?: number;
}

const FAMILIES = new Set(['ordering', 'evals', 'references', 'writers', 'commands', 'mixed', 'compare']);
const samplesDir = join(repoRoot, 'public', 'samples');
const goldenDir = join(repoRoot, 'src', 'cli', '__golden__');
const updating = process.env.UPDATE_GOLDEN === '1';
const manifest = JSON.parse(readFileSync(join(samplesDir, 'index.json'), 'utf8')) as SampleEntry[];

const stem = (file: string) => file.replace(/\.jsonl$/, '');

describe('public/samples/index.json', () => {
  it('lists every .jsonl sample exactly once, and nothing else', () => {
    const listed = manifest.map((e) => e.file);
    const onDisk = readdirSync(samplesDir).filter((f) => f.endsWith('.jsonl'));
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual([...onDisk].sort());
  });

  it.each(manifest.map((e) => [e.file, e] as const))('%s has a short title, one sentence and a known family', (_file, e) => {
    expect(e.title.length).toBeGreaterThan(0);
    expect(e.title.length).toBeLessThanOrEqual(48);
    expect(e.description).toMatch(/^[A-Z][^\n]*[.]$/);
    expect(e.description.slice(0, -1)).not.toMatch(/[.!?]\s/);
    expect(FAMILIES.has(e.family)).toBe(true);
    if (e.cutoff !== undefined) expect(Number.isSafeInteger(e.cutoff) && e.cutoff >= 0).toBe(true);
  });

  it('has a golden report for every sample and no golden report without a sample', () => {
    if (updating) mkdirSync(goldenDir, { recursive: true });
    const goldens = existsSync(goldenDir) ? readdirSync(goldenDir).filter((f) => f.endsWith('.json')) : [];
    if (updating) return;
    expect(goldens.sort()).toEqual(manifest.map((e) => `${stem(e.file)}.json`).sort());
  });
});

describe('bundled samples against their golden reports', () => {
  it.each(manifest.map((e) => [e.file, e] as const))('%s', (file, e) => {
    const args = ['check', `public/samples/${file}`, '--json'];
    if (e.cutoff !== undefined) args.push('--cutoff', String(e.cutoff));
    const run = runCli(args, undefined, { cwd: repoRoot });
    expect(run.stderr).toBe('');
    const doc = JSON.parse(run.stdout) as CheckDocument;
    expect(run.status).toBe(doc.findings.some((f) => f.severity === 'error') ? 1 : 0);
    // Every line of a sample is accounted for.
    for (const input of doc.inputs) expect(input.records + input.rejected.length + input.blank).toBe(input.lines);

    expectGolden(join(goldenDir, `${stem(file)}.json`), run.stdout);
  });
});
