import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const srcDir = dirname(fileURLToPath(import.meta.url));

/** What each layer may import besides itself: nothing points back up (README, Code layout). */
const BELOW: Record<string, readonly string[]> = {
  core: [],
  io: ['core'],
  worker: ['core', 'io'],
  viz: ['core'],
  state: ['core', 'io', 'worker', 'viz'],
  views: ['core', 'io', 'worker', 'viz', 'state', 'styles'],
  cli: ['core', 'io'],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'test' || e.name.startsWith('__') ? [] : sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

const IMPORT = /(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm;

describe('layers import only from the layers below them', () => {
  it.each(Object.keys(BELOW))('src/%s', (layer) => {
    const files = sourceFiles(join(srcDir, layer));
    expect(files.length).toBeGreaterThan(0);
    const wrong: string[] = [];
    for (const file of files) {
      for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
        const spec = m[1] ?? m[2] ?? m[3]!;
        if (!spec.startsWith('.')) continue;
        const target = relative(srcDir, resolve(dirname(file), spec)).split(/[\\/]/)[0]!;
        if (target !== layer && !BELOW[layer]!.includes(target)) wrong.push(`${relative(srcDir, file)} imports ${spec}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
