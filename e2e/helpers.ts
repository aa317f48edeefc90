import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';

export const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
export const fixtureText = (name: string) => readFileSync(fixture(name), 'utf8');
/** A JSON Lines fixture as a file given to *Open files*. */
export const fixtureFile = (name: string) => ({ name, mimeType: 'application/x-ndjson', buffer: Buffer.from(fixtureText(name)) });

const CLI = fileURLToPath(new URL('../dist/cli/seqscope.js', import.meta.url));

/** The built `seqscope` run in `cwd` with `args`, its clock at `now` (SOURCE_DATE_EPOCH), as a report made on the page at that time. */
export function runCli(args: readonly string[], cwd: string, now: string): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [CLI, ...args], {
    cwd,
    env: { ...process.env, SOURCE_DATE_EPOCH: String(Date.parse(now) / 1000) },
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
}

/** A real log beside the repository (../shared/samples/real), present in CI and absent elsewhere. */
export const realSample = (path: string) => fileURLToPath(new URL(`../../shared/samples/real/${path}`, import.meta.url));

/**
 * Two real Inspect logs compared (read_sample open, streaming the other run), the eval outcomes that differ shown;
 * the test is skipped, saying why, where the real samples are absent.
 */
export async function compareRealInspectLogs(page: Page): Promise<void> {
  test.skip(!existsSync(realSample('inspect_ai')), 'the real samples are not beside the repository');
  await openPage(page);
  await page.getByLabel('Open files').setInputFiles(realSample('inspect_ai/log_read_sample.eval'));
  await waitForView(page);
  await page.getByLabel('Compare with…').setInputFiles(realSample('inspect_ai/log_streaming.eval'));
  await expect(page.getByRole('table', { name: 'Eval outcomes that differ' }).getByRole('row')).toHaveCount(5);
}

export async function openPage(page: Page, query = ''): Promise<void> {
  await page.goto(`./${query}`);
}

export async function openSampleFromMenu(page: Page, title: RegExp): Promise<void> {
  await page.getByRole('button', { name: 'Samples' }).click();
  await page.getByRole('button', { name: title }).click();
  await expect(page.getByRole('list', { name: 'Findings' })).toBeVisible();
}

/** Compares the open inputs with a bundled sample run, picked by its title from the list beside Compare with…. */
export async function compareWithSampleRun(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: 'or a sample ▾' }).click();
  await page.getByRole('group', { name: 'Compare with a sample' }).getByRole('button', { name: new RegExp(`^${title}`) }).click();
}

/** `timeout` for a load that may take longer than an assertion's default beside the other worker's tests. */
export async function waitForView(page: Page, timeout?: number): Promise<void> {
  await expect(page.getByRole('region', { name: 'Inputs' })).toBeVisible({ timeout });
}

/** Text of the State at cutoff table's rows, by key, as [acceptance, storage]. */
export async function stateRow(page: Page, table: 'State at cutoff' | 'replays', key: string): Promise<string[]> {
  const region = page.getByRole('region', { name: 'State at cutoff' });
  const tables = region.getByRole('table');
  const t = table === 'State at cutoff' ? tables.first() : tables.last();
  const row = t.getByRole('row').filter({ has: page.getByRole('rowheader', { name: key, exact: true }) });
  return row.getByRole('cell').allInnerTexts();
}

const onDiskFolders: string[] = [];

/** A path for a file on disk, as a person opens one, outside test-results, which a concurrent run may empty; removed by removeOnDisk. */
export function onDisk(name: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'seqscope-e2e-'));
  onDiskFolders.push(folder);
  return join(folder, name);
}

/** Removes the folders onDisk made (a spec's afterAll). */
export function removeOnDisk(): void {
  for (const f of onDiskFolders.splice(0)) rmSync(f, { recursive: true, force: true });
}

