// Bundles the TypeScript fuzzer with esbuild and runs it; arguments pass through (`npm run fuzz -- --cases 1000000 --seed 42`).
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';

await build({
  entryPoints: ['scripts/fuzz.ts'],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outfile: '.bench/fuzz.mjs',
  logLevel: 'warning',
  // The page imports the SQLite .wasm as a Vite `?url` asset; in Node the loader takes its require branch instead.
  external: ['*?url'],
  // fast-check and sql.js stay packages: sql.js finds its .wasm beside itself.
  packages: 'external',
});
const r = spawnSync(process.execPath, ['--max-old-space-size=4096', '.bench/fuzz.mjs', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(r.status ?? 1);
