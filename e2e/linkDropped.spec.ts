import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { fixture, openPage, waitForView } from './helpers';

test('a link whose session, record, finding or filter the inputs do not have says so, and shows what it shows instead', async ({ page }) => {
  await openPage(page, '?sample=o1-flip.jsonl&session=nope&sel=0:999&finding=42&code=%3Cscript%3E');
  await waitForView(page);
  const alerts = page.getByRole('alert');
  await expect(alerts.filter({ hasText: "The link's session “nope” is not in these inputs; session “o1” is shown." })).toHaveCount(1);
  await expect(alerts.filter({ hasText: 'The link selects line 999 of “o1-flip.jsonl”, which holds no record; no record is selected.' })).toHaveCount(1);
  await expect(alerts.filter({ hasText: 'The link chooses finding F43, but these inputs have 2 findings; no finding is chosen.' })).toHaveCount(1);
  await expect(alerts.filter({ hasText: 'coded “<script>”, which no finding of these inputs has' })).toHaveCount(1);
  await expect(page.locator('script', { hasText: 'alert' })).toHaveCount(0);
});

test('a link restored whole, and the same sample opened again from the menu, say nothing of the kind', async ({ page }) => {
  await openPage(page, '?sample=mixed-incident.jsonl&session=support-2&cutoff=3');
  await waitForView(page);
  await expect(page.getByLabel('Session')).toHaveValue('support-2');
  await expect(page.getByRole('slider', { name: 'Cutoff (acceptance sequence)' })).toHaveValue('3');
  await expect(page.getByText(/^The link/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Samples' }).click();
  await page.getByRole('button', { name: /mixed-incident/ }).first().click();
  await waitForView(page);
  await expect(page.getByText(/^The link/)).toHaveCount(0);
});

test('an evidence bundle whose view its files cannot show says so once they are given', async ({ page }) => {
  await openPage(page);
  await page.getByLabel('Open files').setInputFiles(fixture('o1.jsonl'));
  await waitForView(page);
  await page.getByRole('button', { name: 'Export ▾' }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /Evidence bundle/ }).click()]);
  const bundle = JSON.parse(readFileSync(await download.path(), 'utf8'));
  // As a bundle made by a version of Seqscope that numbered one more finding would hold it.
  bundle.view.finding = 42;
  await page.getByRole('button', { name: 'Close all' }).click();
  await page.getByLabel('Open files').setInputFiles([
    { name: 'o1.evidence.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bundle)) },
    { name: 'o1.jsonl', mimeType: 'application/jsonl', buffer: readFileSync(fixture('o1.jsonl')) },
  ]);
  await waitForView(page);
  await expect(page.getByRole('alert').filter({ hasText: /^The bundle chooses finding F43, but these inputs have \d+ findings?; no finding is chosen\.$/ })).toHaveCount(1);
});
