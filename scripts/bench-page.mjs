// npm run bench:page — builds the page, serves it with `vite preview`, and runs scripts/bench-page.ts against it.
import { build } from 'esbuild';
import { spawn, spawnSync } from 'node:child_process';

const port = 4318;
const built = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);
await build({ entryPoints: ['scripts/bench-page.ts'], bundle: true, platform: 'node', format: 'esm', target: 'node20', outfile: '.bench/bench-page.mjs', packages: 'external', logLevel: 'warning' });

const server = spawn('npx', ['vite', 'preview', '--port', String(port), '--strictPort', '--host', '127.0.0.1'], { stdio: 'ignore', detached: true });
const stop = () => {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // already gone
  }
};
try {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const r = spawnSync(process.execPath, ['.bench/bench-page.mjs', `http://127.0.0.1:${port}/`], { stdio: 'inherit' });
  process.exitCode = r.status ?? 1;
} finally {
  stop();
}
