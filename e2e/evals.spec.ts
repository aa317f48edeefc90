import { expect, test } from '@playwright/test';
import { openPage } from './helpers';

test('an eval conflict is shown with both sides, never as a fail', async ({ page }) => {
  await openPage(page, '?sample=e3-conflict-notes.jsonl');
  const summary = page.getByRole('region', { name: 'Eval summary' });
  await expect(summary).toBeVisible();
  await expect(summary).toContainText('disputed');
  await expect(summary).toContainText('n/a');
  await expect(summary).toContainText('anywhere from 0.0% to 100.0%');
  const dispute = summary.getByRole('article', { name: 'Disputed A' });
  const sides = dispute.getByRole('button');
  await expect(sides).toHaveCount(2);
  await expect(sides.nth(0)).toContainText('pass');
  await expect(sides.nth(0)).toContainText('a');
  await expect(sides.nth(0)).toContainText('e3-conflict-notes.jsonl:1');
  await expect(sides.nth(1)).toContainText('fail');
  await expect(sides.nth(1)).toContainText('e3-conflict-notes.jsonl:2');
  const fail = summary.getByRole('definition').filter({ hasText: /^0$/ });
  await expect(fail.first()).toBeVisible();
  await expect(page.getByRole('list', { name: 'Findings' })).toContainText('eval-conflict');
});

test('on a phone, a second record of an identity that wraps to the next line starts where the first does, not indented', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openPage(page, '?sample=eval-sweep.jsonl');
  await page.getByText(/^All \d+ identities$/).click();
  const row = page.locator('.eval-identities tbody tr').filter({ has: page.getByRole('rowheader', { name: /^calendar-02/ }) });
  const [first, second] = [(await row.getByRole('button').nth(0).boundingBox())!, (await row.getByRole('button').nth(1).boundingBox())!];
  expect(second.y).toBeGreaterThan(first.y + first.height / 2);
  expect(Math.abs(second.x - first.x)).toBeLessThanOrEqual(1);
});
