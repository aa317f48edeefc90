import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
/** SEQSCOPE_CLI runs the tests against another bundle (a private one, while dist/ is shared with others). */
export const cliPath = process.env.SEQSCOPE_CLI ? resolve(process.env.SEQSCOPE_CLI) : resolve(repoRoot, 'dist/cli/seqscope.js');
export const sharedDir = resolve(repoRoot, '../shared');

export function requireBuiltCli(): void {
  if (!existsSync(cliPath)) throw new Error(`${cliPath} is missing: run "npm run build:cli" first (npm install does it)`);
}

/** Runs the built CLI; `options.cwd` keeps file names in its output relative, `options.env` adds variables. */
export function runCli(
  args: readonly string[],
  input?: string | Buffer,
  options: { cwd?: string; env?: Record<string, string> } = {},
): { status: number; stdout: string; stderr: string } {
  requireBuiltCli();
  const r = spawnSync(process.execPath, [cliPath, ...args], {
    input,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    cwd: options.cwd,
    env: options.env ? { ...process.env, ...options.env } : process.env,
  });
  return { status: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}
