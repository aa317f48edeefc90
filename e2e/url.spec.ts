import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { fixture, openPage, waitForView } from './helpers';

test('the URL restores sample, session, cutoff and selection on reload, and back/forward walk the selections', async ({ page }) => {
  await openPage(page, '?sample=mixed-incident.jsonl');
  const slider = page.getByRole('slider', { name: 'Cutoff (acceptance sequence)' });
  await expect(slider).toHaveValue('2');
  await page.getByLabel('Session').selectOption('support-2');
  await expect(page).toHaveURL(/session=support-2/);
  await slider.focus();
  await page.keyboard.press('End');
  const max = await slider.inputValue();
  await expect(page).toHaveURL(new RegExp(`cutoff=${max}`));

  const findings = page.getByRole('list', { name: 'Findings' });
  await findings.getByRole('listitem').filter({ hasText: 'stale-reference' }).getByRole('button').click();
  await expect(page).toHaveURL(/finding=\d+/);
  const detail = page.getByRole('region', { name: 'Record' });
  const location = await detail.locator('.detail-loc').innerText();

  await page.reload();
  await expect(page.getByLabel('Session')).toHaveValue('support-2');
  await expect(slider).toHaveValue(max);
  await expect(findings.getByRole('listitem').filter({ hasText: 'stale-reference' }).getByRole('button')).toHaveAttribute('aria-pressed', 'true');
  await expect(detail.locator('.detail-loc')).toHaveText(location);

  await findings.getByRole('listitem').filter({ hasText: 'decision-flip' }).getByRole('button').click();
  await expect(page.getByLabel('Session')).toHaveValue('support-1');
  await page.goBack();
  await expect(page.getByLabel('Session')).toHaveValue('support-2');
  await expect(detail.locator('.detail-loc')).toHaveText(location);
  await page.goForward();
  await expect(page.getByLabel('Session')).toHaveValue('support-1');
});

test('back and forward walk between opening one file, adding a second and closing one, without losing an entry or asking for a file again', async ({ page }) => {
  await openPage(page);
  const inputs = page.getByRole('region', { name: 'Inputs' });
  await page.getByLabel('Open files').setInputFiles(fixture('o1.jsonl'));
  await expect(inputs).toContainText('o1.jsonl');
  await page.getByLabel('Open files').setInputFiles(fixture('bad-lines.jsonl'));
  await expect(inputs).toContainText('bad-lines.jsonl');
  const entries = await page.evaluate(() => history.length);
  await page.goBack();
  await expect(inputs).not.toContainText('bad-lines.jsonl');
  await expect(inputs).toContainText('o1.jsonl');
  expect(await page.evaluate(() => history.length)).toBe(entries);
  await page.goForward();
  await expect(inputs).toContainText('bad-lines.jsonl');
  await expect(inputs).toContainText('o1.jsonl');

  // A file closed by hand comes back with Back: the tab still holds the handle the user chose.
  await page.getByRole('button', { name: 'Close o1.jsonl' }).click();
  await expect(inputs).not.toContainText('o1.jsonl');
  await page.goBack();
  await expect(inputs).toContainText('o1.jsonl');
  await expect(inputs).toContainText('bad-lines.jsonl');
  await expect(page.getByRole('region', { name: 'Open the files this link shows' })).toHaveCount(0);
});

test('closing a file keeps the view of the others: their session, cutoff and focused record', async ({ page }) => {
  await openPage(page);
  const mixed = fileURLToPath(new URL('../public/samples/mixed-incident.jsonl', import.meta.url));
  await page.getByLabel('Open files').setInputFiles([fixture('o1.jsonl'), mixed]);
  const inputs = page.getByRole('region', { name: 'Inputs' });
  await expect(inputs).toContainText('mixed-incident.jsonl');
  await page.getByLabel('Session', { exact: true }).selectOption('support-2');
  const findings = page.getByRole('list', { name: 'Findings' });
  await findings.getByRole('listitem').filter({ hasText: 'stale-reference' }).getByRole('button').click();
  const detail = page.getByRole('region', { name: 'Record' });
  const location = await detail.locator('.detail-loc').innerText();
  expect(location).toContain('mixed-incident.jsonl');
  await page.getByRole('button', { name: 'Close o1.jsonl' }).click();
  await expect(inputs).not.toContainText('o1.jsonl');
  await expect(page.getByLabel('Session', { exact: true })).toHaveValue('support-2');
  await expect(detail.locator('.detail-loc')).toHaveText(location);
});

test('the findings list is one tab stop: arrows choose the next finding, and Tab goes on to what follows the list', async ({ page }) => {
  await openPage(page, '?sample=mixed-incident.jsonl');
  await waitForView(page);
  const list = page.getByRole('list', { name: 'Findings' });
  const buttons = list.getByRole('button');
  expect(await buttons.count()).toBeGreaterThan(2);
  await page.getByLabel('Filter findings by code').focus();
  await page.keyboard.press('Tab');
  await expect(buttons.first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(buttons.nth(1)).toBeFocused();
  await expect(buttons.nth(1)).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/finding=\d+/);
  await page.keyboard.press('End');
  await expect(buttons.last()).toBeFocused();
  await page.keyboard.press('Home');
  await expect(buttons.first()).toBeFocused();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('[aria-label="Findings"]') === null)).toBe(true);
});
