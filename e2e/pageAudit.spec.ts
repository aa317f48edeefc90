import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { fixture, openPage, waitForView } from './helpers';

const mixed = fileURLToPath(new URL('../public/samples/mixed-incident.jsonl', import.meta.url));
const slider = (page: import('@playwright/test').Page) => page.getByRole('slider', { name: 'Cutoff (acceptance sequence)' });

test('a file added to files already open keeps the session, cutoff and record being looked at', async ({ page }) => {
  await openPage(page);
  await page.getByLabel('Open files').setInputFiles(mixed);
  await waitForView(page);
  await page.getByLabel('Session', { exact: true }).selectOption('support-2');
  await slider(page).focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await expect(slider(page)).toHaveValue('2');
  await page.getByRole('list', { name: 'Findings' }).getByRole('listitem').filter({ hasText: 'stale-reference' }).getByRole('button').click();
  const record = page.getByRole('region', { name: 'Record' });
  await expect(record).toContainText('mixed-incident.jsonl:10');

  await page.getByLabel('Open files').setInputFiles(fixture('o1.jsonl'));
  await expect(page.getByRole('region', { name: 'Inputs' })).toContainText('o1.jsonl');
  await expect(page.getByLabel('Session', { exact: true })).toHaveValue('support-2');
  await expect(slider(page)).toHaveValue('2');
  await expect(record).toContainText('mixed-incident.jsonl:10');
});
