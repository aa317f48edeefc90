import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const coreDir = dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'test' ? [] : sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe('src/core stays pure', () => {
  const files = sourceFiles(coreDir);

  it('has engine files to check', () => {
    expect(files.length).toBeGreaterThan(5);
  });

  it.each(files.map((f) => [f.slice(coreDir.length + 1), f]))('%s imports only from src/core', (_name, file) => {
    const text = readFileSync(file, 'utf8');
    const imports = [...text.matchAll(/(?:import|export)[^'"]*from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1] ?? m[2]!);
    for (const spec of imports) expect(spec, `${file} imports ${spec}`).toMatch(/^\.\/[\w./-]+$/);
    expect(text).not.toMatch(/\b(document|window)\.|Date\.now\(|Math\.random\(|new Date\(|performance\.now\(/);
  });
});
