// Bundles the CLI into one Node ESM file so `npx seqscope` runs without a TypeScript loader.
import { build } from 'esbuild';
import { chmod } from 'node:fs/promises';

const outfile = 'dist/cli/seqscope.js';
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
});
await chmod(outfile, 0o755);
