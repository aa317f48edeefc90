import { expect, test } from '@playwright/test';
import { fixture, fixtureText, openPage, openSampleFromMenu, waitForView } from './helpers';

test('the empty state explains the tool and offers the samples', async ({ page }) => {
  await openPage(page);
  await expect(page.getByRole('heading', { name: /order your agent's host really accepted/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /O1 — stored out of order, decision flips/ })).toBeVisible();
  await expect(page.getByLabel('Open files')).toHaveAttribute('type', 'file');
  await expect(page.getByLabel('Open files')).toHaveAttribute('multiple', '');
});

test('a sample opens from the menu with its description', async ({ page }) => {
  await openPage(page);
  await page.getByRole('button', { name: 'Samples' }).click();
  await expect(page.getByText('The revoke accepted second is stored first', { exact: false }).first()).toBeVisible();
  await openSampleFromMenu(page, /O1 — stored out of order/);
  await expect(page.getByRole('img', { name: 'Acceptance order vs storage order' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Inputs' })).toContainText('o1-flip.jsonl');
  await expect(page).toHaveURL(/sample=o1-flip\.jsonl/);
});

test('files open through the picker, several at once', async ({ page }) => {
  await openPage(page);
  await page.getByLabel('Open files').setInputFiles([fixture('o1.jsonl'), fixture('bad-lines.jsonl')]);
  const inputs = page.getByRole('region', { name: 'Inputs' });
  await expect(inputs).toContainText('o1.jsonl');
  await expect(inputs).toContainText('bad-lines.jsonl');
  await expect(inputs).toContainText('native-jsonl');
  await expect(page.getByRole('list', { name: 'Findings' })).toContainText('decision-flip');
});

test('a file dropped anywhere on the page opens', async ({ page }) => {
  await openPage(page);
  const text = fixtureText('o1.jsonl');
  const dataTransfer = await page.evaluateHandle((content) => {
    const dt = new DataTransfer();
    dt.items.add(new File([content], 'dropped.jsonl', { type: 'application/x-ndjson' }));
    return dt;
  }, text);
  await page.dispatchEvent('main', 'dragenter', { dataTransfer });
  await expect(page.getByText('Drop files to open them')).toBeVisible();
  await page.dispatchEvent('main', 'drop', { dataTransfer });
  await expect(page.getByRole('region', { name: 'Inputs' })).toContainText('dropped.jsonl');
  await expect(page.getByText('Drop files to open them')).toBeHidden();
});

test('pasted text opens as a file', async ({ page }) => {
  await openPage(page);
  await page.getByRole('button', { name: 'Paste text' }).click();
  await page.getByLabel('Log text', { exact: true }).fill(fixtureText('o1.jsonl'));
  await page.getByRole('button', { name: 'Open text' }).click();
  await waitForView(page);
  await expect(page.getByRole('region', { name: 'Inputs' })).toContainText('pasted.jsonl');
  await expect(page.getByRole('list', { name: 'Findings' })).toContainText('decision-flip');
});

test('bad lines are listed with their line numbers and reasons', async ({ page }) => {
  await openPage(page);
  await page.getByLabel('Open files').setInputFiles(fixture('bad-lines.jsonl'));
  const rejected = page.getByRole('region', { name: 'Rejected lines' });
  await expect(rejected).toBeVisible();
  await expect(rejected).toContainText('line 2');
  await expect(rejected).toContainText('not valid JSON');
  await expect(rejected).toContainText('line 4');
  await expect(rejected).toContainText('accept_seq must be a non-negative integer');
  await expect(page.getByRole('region', { name: 'Inputs' })).toContainText('bad-lines.jsonl');
});

test('a file with no bad lines shows no rejected lines region', async ({ page }) => {
  await openPage(page);
  await page.getByLabel('Open files').setInputFiles(fixture('o1.jsonl'));
  await waitForView(page);
  await expect(page.getByRole('region', { name: 'Rejected lines' })).toHaveCount(0);
});

test('a file that cannot be read at all is named, and the other files still open', async ({ page }) => {
  await openPage(page);
  const corrupt = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0xff, 0xff, 0xff]);
  await page.getByLabel('Open files').setInputFiles([
    { name: 'broken.jsonl.gz', mimeType: 'application/gzip', buffer: corrupt },
    { name: 'o1.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(fixtureText('o1.jsonl')) },
  ]);
  await expect(page.getByRole('alert')).toContainText('broken.jsonl.gz');
  await expect(page.getByRole('region', { name: 'Inputs' })).toContainText('o1.jsonl');
  await expect(page.getByRole('list', { name: 'Findings' })).toContainText('decision-flip');
});
