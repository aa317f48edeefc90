import { expect, test } from '@playwright/test';
import { openPage, waitForView } from './helpers';

/** A native log over the size from which files are streamed, the page then reading its records itself. */
function largeNativeFile(name: string) {
  const lines: string[] = [];
  for (let i = 1; lines.length < 40_000; i++) lines.push(JSON.stringify({ kind: 'input', id: `r${i}`, session: 's', op: i % 7 ? 'allow' : 'revoke', key: `k${i % 50}`, accept_seq: i, note: 'x'.repeat(80) }));
  return { name, mimeType: 'application/x-ndjson', buffer: Buffer.from(`${lines.join('\n')}\n`) };
}

test('when the page cannot fetch its own reader of a large file, the worker sends the records and the file opens all the same', async ({ page }) => {
  let attempts = 0;
  await page.route(/recordsReadOnPage-[^/]*\.js$/, (route) => {
    attempts++;
    return route.abort();
  });
  await openPage(page);
  const file = largeNativeFile('large.jsonl');
  expect(file.buffer.length).toBeGreaterThan(4 * 1024 * 1024);
  await page.getByLabel('Open files').setInputFiles(file);
  await waitForView(page, 30_000);
  await expect(page.getByRole('region', { name: 'Inputs' })).toContainText('40,000');
  await expect(page.getByRole('list', { name: 'Findings' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(attempts).toBeGreaterThan(0);
});
