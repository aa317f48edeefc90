import { expect, test } from '@playwright/test';
import { openPage } from './helpers';

test('an eval conflict is shown with both sides, never as a fail', async ({ page }) => {
  await openPage(page, '?sample=e3-conflict-notes.jsonl');
  const summary = page.getByRole('region', { name: 'Eval summary' });
  await expect(summary).toBeVisible();
  await expect(summary).toContainText('disputed');
  await expect(summary).toContainText('n/a');
  await expect(summary).toContainText('anywhere from 0% to 100%');
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
