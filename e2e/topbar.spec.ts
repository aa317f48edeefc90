import { expect, test } from '@playwright/test';
import { fixtureFile, openPage, waitForView } from './helpers';

for (const viewport of [{ width: 1440, height: 900 }, { width: 390, height: 844 }]) {
  test(`at ${viewport.width} px, what is scrolled into view stops below the sticky top bar, not under it`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await openPage(page);
    await page.getByLabel('Open files').setInputFiles(fixtureFile('o1.jsonl'));
    await waitForView(page);
    const bar = (await page.locator('.topbar').boundingBox())!;
    const target = page.getByRole('region', { name: 'State at cutoff' });
    await target.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await expect.poll(async () => (await target.boundingBox())!.y).toBeGreaterThanOrEqual(bar.y + bar.height);
  });
}
