import { expect, test, type Locator, type Page } from '@playwright/test';
import { openPage, waitForView } from './helpers';

/** Forty lines of which every other is not JSON: twenty rejected lines, more than the list's height shows. */
function manyRejected(): string {
  return Array.from({ length: 40 }, (_, i) => (i % 2 ? `not json ${i}` : JSON.stringify({ kind: 'input', id: `a${i}`, op: 'allow', accept_seq: i + 1 }))).join('\n') + '\n';
}

/** 400 eval identities: a table long enough to scroll in its own box. */
function manyIdentities(): string {
  return Array.from({ length: 400 }, (_, i) => JSON.stringify({ kind: 'eval', case_id: `case-${i}`, run_id: 'nightly', status: i % 3 ? 'pass' : 'fail' })).join('\n') + '\n';
}

/** The table of 400 eval identities, opened, at a viewport of `size`. */
async function openIdentities(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  await openPage(page);
  await page.getByLabel('Open files').setInputFiles({ name: 'evals.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(manyIdentities()) });
  await waitForView(page);
  await page.getByText('All 400 identities').click();
}

/** A box that scrolls says so at the edge past which it holds more, and the shades move as it is scrolled to its end. */
async function shadesFollowScrolling(page: Page, box: Locator, scroller: Locator): Promise<void> {
  const [above, below] = [box.locator('.scroll-edge-top'), box.locator('.scroll-edge-bottom')];
  expect(await scroller.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  await expect(below).toBeVisible();
  await expect(above).toBeHidden();
  const before = (await scroller.boundingBox())!;
  const shade = (await below.boundingBox())!;
  // The shade lies over the box's bottom edge and takes no room of its own.
  expect(Math.abs(shade.y + shade.height - (before.y + before.height))).toBeLessThanOrEqual(1);
  // A long list measures the rows it draws as they come into view, so its end may move once reached (after the
  // scroll event, when the rows drawn there are measured): scroll to the end until, two frames on, it is still the end.
  await expect
    .poll(async () => {
      const gap = await scroller.evaluate(
        (el) =>
          new Promise<number>((done) => {
            el.scrollTop = el.scrollHeight;
            requestAnimationFrame(() => requestAnimationFrame(() => done(el.scrollHeight - el.scrollTop - el.clientHeight)));
          }),
      );
      return gap <= 1 && !(await below.isVisible());
    })
    .toBe(true);
  await expect(above).toBeVisible();
  expect(await scroller.boundingBox()).toEqual(before);
}

for (const size of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`at ${size.width} px, the rejected lines list shades the edge past which more lines are`, async ({ page }) => {
    await page.setViewportSize(size);
    await openPage(page);
    await page.getByLabel('Open files').setInputFiles({ name: 'bad.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(manyRejected()) });
    await waitForView(page);
    const region = page.getByRole('region', { name: 'Rejected lines' });
    await shadesFollowScrolling(page, region.locator('.scroll-edges'), region.getByRole('list', { name: 'Rejected lines' }));
  });

  test(`at ${size.width} px, the eval identities box shades the edge past which more identities are`, async ({ page }) => {
    await openIdentities(page, size);
    const identities = page.locator('.eval-identities');
    await shadesFollowScrolling(page, identities.locator('.scroll-edges'), identities.locator('.eval-scroll'));
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`at ${size.width} px in ${colorScheme}, the eval identities' column headings stay in view over the rows as they scroll`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await openIdentities(page, size);
      const scroller = page.locator('.eval-identities .eval-scroll');
      const head = scroller.getByRole('columnheader', { name: 'Identity' });
      const firstRow = scroller.getByRole('rowheader', { name: /^case-0 / });
      // Scrolled to the top, the headings stand above the first row, covering none of it.
      const [headAtTop, rowAtTop] = [(await head.boundingBox())!, (await firstRow.boundingBox())!];
      expect(rowAtTop.y).toBeGreaterThanOrEqual(headAtTop.y + headAtTop.height - 0.5);
      await scroller.evaluate((el) => (el.scrollTop = 3000));
      await expect(firstRow).toBeHidden();
      const box = (await scroller.boundingBox())!;
      const at = (await head.boundingBox())!;
      expect(Math.abs(at.y - box.y)).toBeLessThanOrEqual(1);
      // Drawn over the rows scrolled under it, on the panel's own colour, and under the shade that says more is above.
      const seen = await head.evaluate((th) => {
        const r = th.getBoundingClientRect();
        const shade = th.closest('.scroll-edges')!.querySelector('.scroll-edge-top')!.getBoundingClientRect();
        return {
          top: th.ownerDocument.elementFromPoint(r.left + 4, r.top + r.height / 2)?.closest('th') === th,
          background: getComputedStyle(th).backgroundColor,
          panel: getComputedStyle(th.closest('section')!).backgroundColor,
          shadeBelow: shade.top >= r.bottom - 0.5,
        };
      });
      expect(seen).toEqual({ top: true, background: seen.panel, panel: expect.not.stringMatching(/rgba\(0, 0, 0, 0\)/), shadeBelow: true });
    });
  }

  test(`at ${size.width} px, a row of the eval identities box keeps its place in the box as it scrolls, with no jump`, async ({ page }) => {
    await openIdentities(page, size);
    const scroller = page.locator('.eval-identities .eval-scroll');
    // Where a row stands in the table: a spacer standing for the rows scrolled past, grown by their rounded heights
    // (25.84 px rows counted as 26), pushed the rows in view ~0.9 px down at each step of a scroll; with collapsed
    // borders, a row first after the spacer was 0.5 px shorter than when measured, and they moved 0.5 px.
    const moves = await scroller.evaluate(async (el) => {
      const settled = () => new Promise((done) => setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(done)), 50));
      const table = el.querySelector('table')!;
      const placeOf = (index: string) => el.querySelector(`tr[data-index="${index}"]`)!.getBoundingClientRect().top - table.getBoundingClientRect().top;
      el.scrollTop = 3000;
      await settled();
      const moved: number[] = [];
      for (let step = 0; step < 8; step++) {
        const index = [...el.querySelectorAll('tbody tr[data-index]')].at(-15)!.getAttribute('data-index')!;
        const before = placeOf(index);
        el.scrollTop += 150;
        await settled();
        moved.push(placeOf(index) - before);
      }
      return moved;
    });
    for (const off of moves) expect(Math.abs(off)).toBeLessThan(0.1);
  });
}
