import { expect, test } from '@playwright/test';
import { openPage } from './helpers';

test('a stale reference chosen in the findings list is shown in the detail view with file and line', async ({ page }) => {
  await openPage(page, '?sample=clear-stale-references.jsonl');
  await page.getByLabel('Filter findings by code').selectOption('stale-reference');
  const item = page.getByRole('list', { name: 'Findings' }).getByRole('listitem').filter({ hasText: 'stale-reference' }).first();
  await item.getByRole('button').click();
  const detail = page.getByRole('region', { name: 'Record' });
  await expect(detail).toContainText('clear-stale-references.jsonl:16');
  await expect(detail).toContainText('compact-1');
  await expect(detail).toContainText('stale: created before a clear');
  await expect(detail.locator('pre')).toHaveText('{"kind": "request", "id": "compact-1", "session": "chat-7", "accept_seq": 16, "actor": "system", "type": "compaction", "previous_response_id": "resp_b2", "refs": ["resp_d1"], "ts": "2025-06-03T14:06:00Z"}');
  await expect(page.getByRole('img', { name: 'References and write chains' })).toBeVisible();
  await expect(page).toHaveURL(/sel=0:16/);
});
