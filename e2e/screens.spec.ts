import { expect, test } from '@playwright/test';
import { openPage } from './helpers';

// Fixed viewport, light theme (playwright.config.ts); the comparisons allow small anti-aliasing differences.
test.describe('screens', () => {
  test('empty state', async ({ page }) => {
    await openPage(page);
    await expect(page.getByRole('button', { name: /O1 — stored out of order/ })).toBeVisible();
    await expect(page).toHaveScreenshot('empty.png');
  });

  test('O1 at cutoff 1: order view, leak, state and findings', async ({ page }) => {
    await openPage(page, '?sample=o1-flip.jsonl');
    await expect(page.getByRole('slider', { name: 'Cutoff (acceptance sequence)' })).toHaveValue('1');
    await expect(page).toHaveScreenshot('o1-cutoff-1.png');
  });

  test('two writers: write chains and a selected lost update', async ({ page }) => {
    await openPage(page, '?sample=calendar-two-writers.jsonl');
    await page.getByRole('list', { name: 'Findings' }).getByRole('listitem').filter({ hasText: 'lost-update' }).getByRole('button').click();
    await expect(page.getByRole('region', { name: 'Record' })).toContainText('calendar-two-writers.jsonl:3');
    await page.mouse.move(0, 0);
    await expect(page).toHaveScreenshot('writers-lost-update.png', { fullPage: true });
  });

  test('eval sweep: summary with a disputed identity', async ({ page }) => {
    await openPage(page, '?sample=eval-sweep.jsonl');
    await expect(page.getByRole('region', { name: 'Eval summary' })).toContainText('disputed');
    await expect(page).toHaveScreenshot('eval-sweep.png');
  });
});
