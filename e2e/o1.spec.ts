import { expect, test } from '@playwright/test';
import { fixture, openPage, stateRow, waitForView } from './helpers';

test('O1: acceptance says deny, storage says allow, the flip is listed, and at N = 1 the leak is marked', async ({ page }) => {
  await openPage(page);
  await page.getByLabel('Open files').setInputFiles(fixture('o1.jsonl'));
  await waitForView(page);

  const findings = page.getByRole('list', { name: 'Findings' });
  await expect(findings.getByRole('listitem').filter({ hasText: 'decision-flip' })).toHaveCount(1);

  const slider = page.getByRole('slider', { name: 'Cutoff (acceptance sequence)' });
  await expect(slider).toHaveValue('2');
  const state = page.getByRole('region', { name: 'State at cutoff' });
  await expect(state).toBeVisible();
  const [accEnd, stoEnd] = await stateRow(page, 'replays', 'permission');
  expect(accEnd).toMatch(/^deny/);
  expect(stoEnd).toMatch(/^allow/);
  const [accAt2, prefixAt2] = await stateRow(page, 'State at cutoff', 'permission');
  expect(accAt2).toMatch(/^deny/);
  expect(prefixAt2).toMatch(/^allow/);

  await slider.focus();
  await page.keyboard.press('Home');
  await expect(slider).toHaveValue('1');
  const [accAt1] = await stateRow(page, 'State at cutoff', 'permission');
  expect(accAt1).toMatch(/^allow/);
  await expect(state).toContainText('1 future leak');
  await expect(state.getByRole('button', { name: /m2/ })).toBeVisible();
  await expect(page.getByText('future leak', { exact: true }).first()).toBeVisible();

  await page.keyboard.press('ArrowRight');
  await expect(slider).toHaveValue('2');
  await expect(state).not.toContainText('future leak in the storage prefix');
});

test('the play button walks the cutoff through the acceptance steps', async ({ page }) => {
  await openPage(page);
  await page.getByLabel('Open files').setInputFiles(fixture('o1.jsonl'));
  const slider = page.getByRole('slider', { name: 'Cutoff (acceptance sequence)' });
  await slider.focus();
  await page.keyboard.press('End');
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(slider).toHaveValue('2', { timeout: 5000 });
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toHaveAttribute('aria-pressed', 'false', { timeout: 5000 });
});

test('raw file order shows the cutoff too: at N = 1 the row of m2 is named a future leak, at N = 2 no row is', async ({ page }) => {
  await openPage(page);
  await page.getByLabel('Open files').setInputFiles(fixture('o1.jsonl'));
  await waitForView(page);
  await page.getByRole('radio', { name: 'Raw file order' }).check();
  const table = page.getByRole('table', { name: /in file order/ });
  const slider = page.getByRole('slider', { name: 'Cutoff (acceptance sequence)' });
  await slider.focus();
  await page.keyboard.press('Home');
  await expect(slider).toHaveValue('1');
  await expect(table.getByRole('row').filter({ hasText: 'm2' })).toContainText('2 · future leak');
  await expect(table.getByRole('row').filter({ hasText: 'm1' })).not.toContainText('·');
  await page.keyboard.press('End');
  await expect(slider).toHaveValue('2');
  await expect(table).not.toContainText('future leak');
});
