import { expect, test } from '@playwright/test';
import { openPage, waitForView } from './helpers';

test('Copy link right after moving the slider copies the N it shows, not the one the address bar still holds', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseURL!).origin });
  await openPage(page, '?sample=mixed-incident.jsonl');
  await waitForView(page);
  const slider = page.getByRole('slider', { name: 'Cutoff (acceptance sequence)' });
  await expect(slider).toHaveValue('2');
  await slider.focus();
  await page.keyboard.press('End');
  const max = await slider.inputValue();
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('button', { name: 'Link copied' })).toBeVisible();
  const copied = new URL(await page.evaluate(() => navigator.clipboard.readText()));
  expect(copied.searchParams.get('cutoff')).toBe(max);
  await expect(page).toHaveURL(new RegExp(`cutoff=${max}`));
  expect(copied.href).toBe(page.url());
});
