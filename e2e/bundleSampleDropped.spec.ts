import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { openPage, waitForView } from './helpers';

test("an evidence bundle of a bundled sample whose view the sample cannot show says so, as one whose files are given does", async ({ page }) => {
  await openPage(page, '?sample=o1-flip.jsonl');
  await waitForView(page);
  await page.getByRole('button', { name: 'Export ▾' }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /Evidence bundle/ }).click()]);
  const bundle = JSON.parse(readFileSync(await download.path(), 'utf8'));
  expect(bundle.sample).toBe('o1-flip.jsonl');
  await page.getByRole('button', { name: 'Close all' }).click();
  await page.getByLabel('Open files').setInputFiles([{ name: 'o1-flip.evidence.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bundle)) }]);
  await waitForView(page);
  // Restored whole, the bundle says nothing of the kind.
  await expect(page.getByRole('alert').filter({ hasText: /^The bundle / })).toHaveCount(0);
  // As a bundle made by a version of Seqscope that numbered one more finding would hold it.
  bundle.view.finding = 42;
  await page.getByRole('button', { name: 'Close all' }).click();
  await page.getByLabel('Open files').setInputFiles([{ name: 'o1-flip.evidence.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bundle)) }]);
  await waitForView(page);
  await expect(page.getByRole('alert').filter({ hasText: /^The bundle chooses finding F43, but these inputs have \d+ findings?; no finding is chosen\.$/ })).toHaveCount(1);
});
