// Bundles the CLI into one Node ESM file so `npx seqscope` runs without a TypeScript loader.
// `node scripts/build-cli.mjs [outfile]`: dist/cli/seqscope.js unless another file is named (a private copy).
import { build } from 'esbuild';
import { chmod } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The `define` that gives a bundle of the CLI its second reading thread (src/cli/splitRead.ts): the worker's
 * entry, src/cli/rangeWorker.ts, bundled on its own as CommonJS and carried as a string, which the CLI starts
 * with `new Worker(source, { eval: true })`. The CLI stays one file, so the package's bin, an `npm pack`ed
 * install and the bench's bundle (scripts/bench.mjs) need nothing beside them. A bundle made without it reads
 * every file on one thread.
 */
export async function rangeWorkerDefine() {
  const worker = await build({
    entryPoints: ['src/cli/rangeWorker.ts'],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    write: false,
    logLevel: 'warning',
  });
  return { SEQSCOPE_RANGE_WORKER: JSON.stringify(worker.outputFiles[0].text) };
}

if (import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const outfile = process.argv[2] ?? 'dist/cli/seqscope.js';
  await build({
    entryPoints: ['src/cli/main.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    banner: { js: '#!/usr/bin/env node' },
    logLevel: 'warning',
    // The page imports the SQLite .wasm as a Vite `?url` asset; the CLI takes its Node branch and never evaluates that import.
    external: ['*?url'],
    define: await rangeWorkerDefine(),
  });
  await chmod(outfile, 0o755);
}
