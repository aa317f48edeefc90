import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { ParsedInput } from '../../core/model';
import { repoRoot, sharedDir } from '../../cli/test/runCli';
import { loadInput } from '../loadInput';

/** The real files beside the repository (../shared/samples/real), present in CI and absent elsewhere. */
export const realSamplesDir = join(sharedDir, 'samples', 'real');
export const fixturesDir = join(repoRoot, 'src', 'io', '__fixtures__');
export const nativeSamplesDir = join(repoRoot, 'public', 'samples');

/** Provenance and documentation files that sit beside the real samples but are not samples. */
function isSampleFile(path: string): boolean {
  return !path.endsWith('.md') && !path.endsWith('run_state-sources.json');
}

/** Every file below `dir`, sorted; nothing when it does not exist. */
export function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    })
    .sort();
}

/** Real sample files as paths relative to the real samples directory, e.g. `codex/rollout.jsonl`; empty when absent. */
export function realSampleFiles(): string[] {
  return walk(realSamplesDir)
    .filter(isSampleFile)
    .map((p) => relative(realSamplesDir, p));
}

export function fixtureFiles(): string[] {
  return walk(fixturesDir).map((p) => relative(fixturesDir, p));
}

export async function loadFile(path: string, fileIndex = 0, name = path): Promise<ParsedInput> {
  return loadInput(name, new Uint8Array(readFileSync(path)), fileIndex);
}

export const enc = new TextEncoder();

export async function loadText(name: string, text: string, fileIndex = 0): Promise<ParsedInput> {
  return loadInput(name, enc.encode(text), fileIndex);
}
