// Bundles the TypeScript benchmark with esbuild and runs it; it starts one child process per size.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';

await build({ entryPoints: ['scripts/bench-cli.ts'], bundle: true, platform: 'node', format: 'esm', target: 'node20', outfile: '.bench/bench-cli.mjs', logLevel: 'warning', external: ['*?url'] });
const r = spawnSync(process.execPath, ['.bench/bench-cli.mjs'], { stdio: 'inherit' });
process.exit(r.status ?? 1);
