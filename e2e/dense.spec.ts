import { expect, test } from '@playwright/test';
import { pageLogLines } from '../scripts/pageLog';
import { openPage } from './helpers';

test('a 20,000-record session draws on canvas, steps its cutoff, and selects by click and keyboard', async ({ page }) => {
  await openPage(page);
  const text = pageLogLines(20_000).join('\n');
  await page.getByLabel('Open files').setInputFiles({ name: 'dense.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(text) });
  const figure = page.getByRole('img', { name: 'Acceptance order vs storage order' });
  await expect(figure.locator('canvas')).toBeVisible();

  const slider = page.getByRole('slider', { name: 'Cutoff (acceptance sequence)' });
  await slider.fill('10000');
  await expect(slider).toHaveValue('10000');
  await expect(page.getByRole('region', { name: 'State at cutoff' })).toContainText('future leak');
  // Binned marks draw a leak as a tick, and the legend shows it as drawn, not as the ring of a record mark.
  const leakEntry = page.getByRole('list', { name: 'Legend' }).getByRole('listitem').filter({ hasText: 'future leak' });
  await expect(leakEntry.locator('svg rect')).toHaveAttribute('fill', 'var(--leak)');
  await expect(leakEntry.locator('.legend-ring')).toHaveCount(0);

  const box = (await figure.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + 56);
  const detail = page.getByRole('region', { name: 'Record' });
  await expect(detail.locator('.detail-loc')).toContainText('dense.jsonl:');
  const first = await detail.locator('.detail-loc').innerText();
  await figure.focus();
  await page.keyboard.press('ArrowRight');
  await expect(detail.locator('.detail-loc')).not.toHaveText(first);
  await page.keyboard.press('+');
  await expect(page.getByRole('button', { name: 'Reset' })).toBeEnabled();
});
