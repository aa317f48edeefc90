import { expect, test, type Page } from '@playwright/test';
import { openPage, waitForView } from './helpers';

/** 2n findings in one session: n lost updates (errors) and n unconditional writes (warnings). */
function overwrites(n: number): string {
  const lines: string[] = [];
  for (let i = 1; i <= n; i++) {
    lines.push(JSON.stringify({ kind: 'read', id: `r${i}`, session: 's', accept_seq: 3 * i - 2, actor: 'a', resource: `cal/${i}`, version: 'v1' }));
    lines.push(JSON.stringify({ kind: 'write', id: `w${i}b`, session: 's', accept_seq: 3 * i - 1, actor: 'b', resource: `cal/${i}`, if_match: 'v1', version: 'v2' }));
    lines.push(JSON.stringify({ kind: 'write', id: `w${i}a`, session: 's', accept_seq: 3 * i, actor: 'a', resource: `cal/${i}`, version: 'v3' }));
  }
  return lines.join('\n') + '\n';
}

const FINDINGS = 2000;

async function openLongList(page: Page) {
  await openPage(page);
  await page.getByLabel('Open files').setInputFiles({ name: 'many.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(overwrites(FINDINGS / 2)) });
  await waitForView(page);
  const list = page.getByRole('list', { name: 'Findings' });
  await list.scrollIntoViewIfNeeded();
  return list;
}

/** The place among the findings of the finding holding focus, null when focus is not on one. */
const focusedPlace = (page: Page) => page.evaluate(() => document.activeElement?.closest('li.finding')?.getAttribute('aria-posinset') ?? null);

test('a finding holding focus keeps it when scrolled far out of view, and ArrowDown then goes on to the next finding', async ({ page }) => {
  const list = await openLongList(page);
  // A screen reader is told how many findings there are, not how many rows are drawn.
  await expect(list.locator('li.finding').first()).toHaveAttribute('aria-setsize', String(FINDINGS));
  await list.locator('li.finding[aria-posinset="4"] button').click();
  expect(await focusedPlace(page)).toBe('4');
  const pageScroll = await page.evaluate(() => window.scrollY);
  await list.evaluate((el) => (el.scrollTop = el.scrollHeight / 2));
  await expect.poll(() => list.locator('li.finding[aria-posinset="1000"]').count()).toBeGreaterThan(0);
  expect(await focusedPlace(page)).toBe('4');
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => focusedPlace(page)).toBe('5');
  await expect(page.locator('li.finding button:focus')).toHaveAttribute('aria-pressed', 'true');
  // The key moved the choice, not the page, and the list brought the finding chosen back into view.
  expect(await page.evaluate(() => window.scrollY)).toBe(pageScroll);
  await expect.poll(async () => {
    const [l, f] = [(await list.boundingBox())!, (await page.locator('li.finding button:focus').boundingBox())!];
    return f.y >= l.y && f.y + f.height <= l.y + l.height + 1;
  }).toBe(true);
});

test('Tab from the code filter lands on a finding, however far the list is scrolled from it', async ({ page }) => {
  const list = await openLongList(page);
  const filter = page.getByLabel('Filter findings by code');
  await list.evaluate((el) => (el.scrollTop = el.scrollHeight * 0.7));
  await expect.poll(() => list.locator('li.finding[aria-posinset="1"]').count()).toBe(1);
  await filter.focus();
  await page.keyboard.press('Tab');
  expect(await focusedPlace(page)).toBe('1');
  // Once a finding is chosen, it is the one Tab lands on.
  await list.evaluate((el) => (el.scrollTop = el.scrollHeight * 0.7));
  const chosen = list.locator('li.finding:not([aria-posinset="1"])').nth(3);
  await expect.poll(async () => Number(await chosen.getAttribute('aria-posinset'))).toBeGreaterThan(1000);
  const place = await chosen.getAttribute('aria-posinset');
  await list.locator(`li.finding[aria-posinset="${place}"] button`).click();
  await expect(list.locator(`li.finding[aria-posinset="${place}"] button`)).toHaveAttribute('aria-pressed', 'true');
  await list.evaluate((el) => (el.scrollTop = 0));
  await expect.poll(() => list.locator('li.finding[aria-posinset="2"]').count()).toBe(1);
  await filter.focus();
  await page.keyboard.press('Tab');
  expect(await focusedPlace(page)).toBe(place);
});
