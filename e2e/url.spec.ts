import { expect, test } from '@playwright/test';
import { openPage } from './helpers';

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
