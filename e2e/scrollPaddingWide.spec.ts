import { expect, test } from '@playwright/test';
import { openPage, waitForView } from './helpers';

/**
 * topbar.spec.ts scrolls State at cutoff into view with o1, whose page at 1440 px is too short for
 * the panel to reach the top: it passes with no scroll padding at all. A state of 300 keys makes the
 * page tall enough that the replays' heading can be brought to the top, where the bar would hide it.
 */
test('at 1440 px, a heading scrolled to the top of a tall page stops below the sticky top bar', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openPage(page);
  const lines = Array.from({ length: 300 }, (_, i) => JSON.stringify({ kind: 'input', id: `k${i}`, op: 'set', key: `key${i}`, value: i, accept_seq: i + 1 }));
  await page.getByLabel('Open files').setInputFiles({ name: 'wide-state.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(lines.join('\n')) });
  await waitForView(page);
  const heading = page.getByRole('heading', { name: 'Whole-session replays' });
  await heading.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  const bar = (await page.locator('.topbar').boundingBox())!;
  // The page did scroll: without the padding the heading would stand at the very top, under the bar.
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await expect.poll(async () => (await heading.boundingBox())!.y).toBeGreaterThanOrEqual(bar.y + bar.height);
  expect((await heading.boundingBox())!.y).toBeLessThan(bar.y + bar.height + 40);
});
