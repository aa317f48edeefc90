import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../core/canonical';
import type { JsonObject, ParsedInput } from '../core/model';
import { repoRoot } from '../cli/test/runCli';
import { fnv1aHex } from './textDigest';
import { fixtureFiles, fixturesDir, loadFile, realSampleFiles, realSamplesDir } from './test/samples';

/**
 * The model each importer produces for the real samples and the project's
 * fixtures, compared with golden JSON in src/io/__golden__.
 * `UPDATE_GOLDEN=1 npx vitest run src/io/golden.test.ts` rewrites them.
 * The original objects are recorded by digest and top-level keys only, so the
 * goldens hold what Seqscope derives and never a copy of a sample's content.
 */

const goldenDir = join(repoRoot, 'src', 'io', '__golden__');
const updating = process.env.UPDATE_GOLDEN === '1';
const NAMESPACES = ['codex', 'inspect', 'promptfoo', 'agents'];

function modelOf(input: ParsedInput): unknown {
  return {
    format: input.format,
    bytes: input.bytes,
    sha256: input.sha256,
    lines: input.lines,
    blank: input.blank,
    rejected: input.rejected,
    notes: input.notes,
    boundaries: input.boundaries ?? [],
    textChars: input.text.length,
    records: input.records.map((r) => {
      const derived: JsonObject = {};
      let original: unknown = null;
      for (const [k, v] of Object.entries(r.data)) {
        if (NAMESPACES.includes(k) && original === null) {
          original = { key: k, digest: fnv1aHex(canonicalJson(v)), keys: v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.keys(v) : [] };
        } else derived[k] = v;
      }
      const { line, offset, length, kind, id, hasId, session, accepted, acceptSeq } = r;
      return { line, offset, length, kind, id, hasId, session, accepted, acceptSeq, data: derived, original };
    }),
  };
}

function checkGolden(name: string, model: unknown): void {
  const path = join(goldenDir, `${name}.json`);
  const text = `${JSON.stringify(model, null, 2)}\n`;
  if (updating) {
    mkdirSync(goldenDir, { recursive: true });
    writeFileSync(path, text);
    return;
  }
  expect(existsSync(path), `${path} is missing: run UPDATE_GOLDEN=1 npx vitest run src/io/golden.test.ts`).toBe(true);
  expect(text).toBe(readFileSync(path, 'utf8'));
}

const real = realSampleFiles();
const realGolden = (file: string) => `real__${file.replace(/[\\/]/g, '__')}`;
const fixtureGolden = (file: string) => `fixture__${file}`;

describe.skipIf(real.length === 0)(`golden models of the real samples in ${realSamplesDir}`, () => {
  it.each(real)('%s', async (file) => {
    checkGolden(realGolden(file), modelOf(await loadFile(join(realSamplesDir, file), 0, file)));
  });

  it('has no golden file for a sample that is gone', () => {
    if (updating) return;
    const expected = new Set([...real.map(realGolden), ...fixtureFiles().map(fixtureGolden)].map((n) => `${n}.json`));
    const stale = readdirSync(goldenDir).filter((f) => !expected.has(f));
    expect(stale).toEqual([]);
  });
});

if (real.length === 0) {
  describe('golden models of the real samples', () => {
    it.skip(`skipped: ${realSamplesDir} does not exist (it is provided beside the repository in CI)`, () => {});
  });
}

describe('golden models of the project’s fixtures', () => {
  it.each(fixtureFiles())('%s', async (file) => {
    checkGolden(fixtureGolden(file), modelOf(await loadFile(join(fixturesDir, file), 0, file)));
  });
});
