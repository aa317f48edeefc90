import { expect, test } from '@playwright/test';
import { compareRealInspectLogs } from './helpers';

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the eval outcomes of two Inspect logs fit the page, each cited place whole to its line number', async ({ page }) => {
    await compareRealInspectLogs(page);
    const table = page.getByRole('table', { name: 'Eval outcomes that differ' });
    // The table, 545 px wide, made the whole page 566 px wide.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const panel = await page.getByRole('region', { name: 'Comparison' }).boundingBox();
    const box = await table.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(panel!.x + panel!.width);
    for (const line of await table.locator('.record-link-line').all()) {
      const { y, height } = (await line.boundingBox())!;
      const name = (await line.locator('xpath=preceding-sibling::span[1]').boundingBox())!;
      // The :line ends the name's last line, never a line of its own.
      expect(Math.abs(y + height - (name.y + name.height))).toBeLessThan(2);
    }
  });
});
