import { expect, test } from '@playwright/test';
import { openPage, waitForView } from './helpers';

/** Native eval records of one case run by several runs, in a file of the given name. */
function evalFile(name: string, runs: readonly string[]) {
  const lines = runs.map((run, i) => JSON.stringify({ kind: 'eval', case_id: `popularity sample ${i + 1} epoch 1`, run_id: run, status: i % 2 ? 'pass' : 'fail' }));
  return { name, mimeType: 'application/x-ndjson', buffer: Buffer.from(`${lines.join('\n')}\n`) };
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the eval identities of inputs with long names fit the page, each record link keeping its line number in view', async ({ page }) => {
    await openPage(page);
    await page.getByLabel('Open files').setInputFiles([
      evalFile('2025-05-12T20-28-13-04-00_popularity.json.jsonl', ['7KyCuAQSqp76qKQZEKmG6M', 'XmHATth6rmyTfFuHGKdQRd']),
      evalFile('log_read_sample.eval.jsonl', ['3RWm2YmdLiKCyQMzEcERin', 'BpiPFmbVcMCRUAXv8ovCTx']),
    ]);
    await waitForView(page);
    await page.getByText(/^All \d+ identities$/).click();
    const links = page.locator('.eval-identities .record-link');
    await expect(links).toHaveCount(4);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const link of await links.all()) {
      const line = link.locator('.record-link-line');
      await expect(line).toHaveText(/^:\d+$/);
      const box = (await line.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      // Not cut by the cell either: the line number's right edge is inside the link's own box.
      const linkBox = (await link.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(linkBox.x + linkBox.width + 0.5);
    }
  });
});
