import { expect, test } from '@playwright/test';
import { openPage } from './helpers';

/** A compaction after a clear that names every response before it: each of its references is stale. */
function compactionLog(responses: number): string {
  const lines: object[] = [];
  for (let i = 0; i < responses; i++) lines.push({ kind: 'response', id: `resp-${i}`, response_id: `r_${i}`, accept_seq: i + 1 });
  lines.push({ kind: 'clear', id: 'clear-1', accept_seq: responses + 1 });
  lines.push({ kind: 'request', id: 'compact-1', refs: Array.from({ length: responses }, (_, i) => `r_${i}`), accept_seq: responses + 2 });
  return lines.map((l) => JSON.stringify(l)).join('\n');
}

test('all of a record’s 4,000 links, asked for, scroll in a list that renders the rows in view', async ({ page }) => {
  await openPage(page);
  await page.getByLabel('Open files').setInputFiles({ name: 'compaction.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(compactionLog(2000)) });
  await page.getByRole('list', { name: 'Findings' }).getByRole('listitem').first().click();
  const detail = page.getByRole('region', { name: 'Record' });
  await expect(detail).toContainText('compaction.jsonl:2002');
  const links = detail.getByRole('list', { name: 'Links' });
  // 50 ids it refers to and 50 of the findings naming it, until asked for all.
  await expect(links.getByRole('listitem')).toHaveCount(100);
  await expect(detail).toContainText('3,900 more links');
  await detail.getByRole('button', { name: 'Show all 4,000' }).click();
  await expect(detail.getByRole('button', { name: 'Show the first 50 of each' })).toBeVisible();
  const mounted = await links.getByRole('listitem').count();
  expect(mounted).toBeGreaterThan(5);
  expect(mounted).toBeLessThan(200);
  // Scrolled to its end, the list shows its last link: the last finding naming the record.
  await links.evaluate((ul) => (ul.scrollTop = ul.scrollHeight));
  await expect(links.getByRole('listitem').last()).toContainText('named by finding stale-reference');
});
