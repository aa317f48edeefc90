import { expect, test } from '@playwright/test';
import { openPage, waitForView } from './helpers';

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
