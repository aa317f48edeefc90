import { createHash } from 'node:crypto';
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { pageLogLines } from '../scripts/pageLog';
import { openPage, waitForView } from './helpers';

/** Over the size from which files stream, and so are read without hashing them. */
const big = () => {
  const buffer = Buffer.from(pageLogLines(40_000).join('\n') + '\n');
  return { file: { name: 'big.jsonl', mimeType: 'application/x-ndjson', buffer }, sha256: createHash('sha256').update(buffer).digest('hex') };
};

test('a large file gets its SHA-256 after its view: the inputs table, the address (no entry more in history) and an export then name it by it', async ({ page }) => {
  test.setTimeout(90_000);
  await openPage(page);
  const { file, sha256 } = big();
  const entries = await page.evaluate(() => history.length);
  await page.getByLabel('Open files').setInputFiles(file);
  await waitForView(page);
  const cell = page.getByRole('region', { name: 'Inputs' }).locator('td.sha');
  await expect(cell.locator('code')).toHaveText(sha256.slice(0, 12));
  await expect(cell.locator('code')).toHaveAttribute('title', sha256);
  await expect(page.getByRole('button', { name: 'Copy link' })).toBeEnabled();
  await expect.poll(() => new URL(page.url()).searchParams.getAll('in')).toEqual([`${sha256.slice(0, 12)}:big.jsonl`]);
  // One entry for the file: the address that names it by its hash replaced the one without.
  expect(await page.evaluate(() => history.length)).toBe(entries + 1);
  await page.getByRole('button', { name: 'Export ▾' }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /Findings \(JSON\)/ }).click()]);
  expect(readFileSync(await download.path(), 'utf8')).toContain(sha256);
});

test('a large file opened again is recognised by its hash, made then, and not added again', async ({ page }) => {
  test.setTimeout(90_000);
  await openPage(page);
  const { file, sha256 } = big();
  await page.getByLabel('Open files').setInputFiles(file);
  await waitForView(page);
  await page.getByLabel('Open files').setInputFiles(file);
  const notices = page.getByRole('status', { name: 'Notices' });
  await expect(notices).toHaveText(`big.jsonl is already open (same SHA-256, ${sha256.slice(0, 12)}…); it was not added again.`);
  await expect(page.getByRole('region', { name: 'Inputs' }).locator('tbody td.input-name')).toHaveText(['big.jsonl']);
});

test('a large file that cannot be read again once read says "not hashed", and the link and exports say why instead of going on without it', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await openPage(page);
  const path = testInfo.outputPath('gone.jsonl');
  writeFileSync(path, pageLogLines(200_000).join('\n') + '\n');
  await page.getByLabel('Open files').setInputFiles(path);
  // Read to its end: the reader needs it no more, and it is gone before the page is idle enough to hash it.
  await page.waitForFunction(() => /analysing|sending/.test(document.querySelector('.load-progress-text')?.textContent ?? ''), null, { polling: 'raf', timeout: 60_000 });
  unlinkSync(path);
  await waitForView(page, 60_000);
  const cell = page.getByRole('region', { name: 'Inputs' }).locator('td.sha');
  await expect(cell).toHaveText('not hashed', { timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Copy link (a file could not be hashed)' })).toBeDisabled();
  await page.getByRole('button', { name: 'Export ▾' }).click();
  await page.getByRole('button', { name: /Findings \(JSON\)/ }).click();
  await expect(page.getByRole('alert')).toContainText('gone.jsonl could not be read again to compute its SHA-256');
  await page.screenshot({ path: testInfo.outputPath('not-hashed.png') });
});
