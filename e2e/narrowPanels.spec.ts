import { expect, test, type Page } from '@playwright/test';
import { fixtureFile, openPage, waitForView } from './helpers';

/** Native eval records of one case run by several runs, in a file of the given name. */
function evalFile(name: string, runs: readonly string[]) {
  const lines = runs.map((run, i) => JSON.stringify({ kind: 'eval', case_id: `popularity sample ${i + 1} epoch 1`, run_id: run, status: i % 2 ? 'pass' : 'fail' }));
  return { name, mimeType: 'application/x-ndjson', buffer: Buffer.from(`${lines.join('\n')}\n`) };
}

/** How far the Record panel runs past its last line of content, in pixels: its padding, border and the margin under the text (24 px). */
function recordPanelSlack(page: Page): Promise<number> {
  return page.getByRole('region', { name: 'Record' }).evaluate((panel) => panel.getBoundingClientRect().bottom - panel.lastElementChild!.getBoundingClientRect().bottom);
}

/** A file of bytes that are no text, every line rejected. */
const binaryFile = { name: 'binary.bin', mimeType: 'application/octet-stream', buffer: Buffer.from(Array.from({ length: 600 }, (_, i) => (i * 37) % 256)) };

for (const size of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: size });

    test('the link to the chosen record shows where the Record panel is far below the chart, and not beside it', async ({ page }) => {
      await openPage(page);
      await page.getByLabel('Open files').setInputFiles(fixtureFile('o1.jsonl'));
      await waitForView(page);
      await page.getByRole('img', { name: 'Acceptance order vs storage order' }).focus();
      await page.keyboard.press('ArrowRight');
      await expect(page.getByRole('button', { name: /^Show the chosen record/ })).toBeVisible({ visible: size.width < 700 });
    });

    test('the Record panel with no record to show is as tall as its text, on an eval file and a file of no records', async ({ page }) => {
      await openPage(page);
      await page.getByLabel('Open files').setInputFiles(evalFile('evals.jsonl', ['r1', 'r2']));
      await waitForView(page);
      await expect(page.getByRole('region', { name: 'Record' })).toContainText('Select an eval result');
      expect(await recordPanelSlack(page)).toBeLessThanOrEqual(32);
      await page.getByRole('button', { name: 'Close all' }).click();
      await page.getByLabel('Open files').setInputFiles(binaryFile);
      await expect(page.getByRole('region', { name: 'Record' })).toContainText('No line was read as a record');
      expect(await recordPanelSlack(page)).toBeLessThanOrEqual(32);
    });
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a mark chosen in the order chart leaves the chart in view, and one tap on the link under it shows its record', async ({ page }) => {
    await openPage(page);
    await page.getByLabel('Open files').setInputFiles(fixtureFile('o1.jsonl'));
    await waitForView(page);
    const figure = page.getByRole('img', { name: 'Acceptance order vs storage order' });
    await figure.focus();
    const link = page.getByRole('button', { name: /^Show the chosen record \(line \d+\) ↓$/ });
    await expect(link).toHaveCount(0);
    await page.keyboard.press('ArrowRight');
    await expect(link).toBeVisible();
    await expect(figure).toBeInViewport();
    const heading = page.getByRole('heading', { name: 'Record', exact: true });
    await expect(heading).not.toBeInViewport();
    await link.click();
    await expect(heading).toBeInViewport();
    await expect(page.getByRole('region', { name: 'Record' })).toContainText('o1.jsonl');
  });

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

  test('raw file order, cut at the panel, shows a shade at each side with more to scroll to', async ({ page }) => {
    await openPage(page, '?sample=mixed-incident.jsonl');
    await waitForView(page);
    await page.getByLabel('Raw file order').check();
    const frame = page.locator('.raw-scroll-frame').first();
    const scroller = frame.locator('.raw-scroll');
    const right = frame.locator('.raw-edge-right');
    const left = frame.locator('.raw-edge-left');
    await expect(right).toBeVisible();
    await expect(left).toBeHidden();
    // The shade lies over the cut edge of the box, where the Raw text column is cut.
    const [edge, box] = [(await right.boundingBox())!, (await scroller.boundingBox())!];
    expect(Math.abs(edge.x + edge.width - (box.x + box.width))).toBeLessThanOrEqual(2);
    await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect(right).toBeHidden();
    await expect(left).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test.describe('at 720 px (a 1440 px screen at 200% zoom)', () => {
  test.use({ viewport: { width: 720, height: 450 } });

  test('an input\'s row fits its panel: its close button is not cut off', async ({ page }) => {
    await openPage(page, '?sample=mixed-incident.jsonl');
    await waitForView(page);
    const inputs = page.locator('.inputs');
    expect(await inputs.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    const close = page.getByRole('button', { name: /^Close mixed-incident/ });
    const [box, panel] = [await close.boundingBox(), await inputs.boundingBox()];
    expect(box!.x + box!.width).toBeLessThanOrEqual(panel!.x + panel!.width);
  });
});

