import { expect, test, type Page } from '@playwright/test';
import { openPage, waitForView } from './helpers';

/** Sixty-two findings: one session in which 31 unconditional writes each overwrite another writer (a lost update and an unconditional write apiece). */
function manyFindings(): string {
  const lines: string[] = [];
  for (let i = 1; i <= 31; i++) {
    lines.push(JSON.stringify({ kind: 'read', id: `r${i}`, session: 's', accept_seq: 3 * i - 2, actor: 'a', resource: `cal/${i}`, version: 'v1' }));
    lines.push(JSON.stringify({ kind: 'write', id: `w${i}b`, session: 's', accept_seq: 3 * i - 1, actor: 'b', resource: `cal/${i}`, if_match: 'v1', version: 'v2' }));
    lines.push(JSON.stringify({ kind: 'write', id: `w${i}a`, session: 's', accept_seq: 3 * i, actor: 'a', resource: `cal/${i}`, version: 'v3' }));
  }
  return lines.join('\n') + '\n';
}

async function listInsideItsPanel(page: Page) {
  const list = page.getByRole('list', { name: 'Findings' });
  const panel = page.locator('section.findings');
  const [l, p] = [(await list.boundingBox())!, (await panel.boundingBox())!];
  expect(l.y + l.height).toBeLessThanOrEqual(p.y + p.height + 1);
  return list;
}

test('a findings list longer than its panel scrolls inside it: every finding can be reached and clicked, none hides under the Record panel', async ({ page }) => {
  await openPage(page);
  await page.getByLabel('Open files').setInputFiles({ name: 'many.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(manyFindings()) });
  await waitForView(page);
  const list = await listInsideItsPanel(page);
  const items = list.locator('li.finding');
  expect(await items.count()).toBeGreaterThan(20);
  expect(await list.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  // A shade over the bottom edge says more is below (a phone shows no scrollbar), taking no room of its own.
  const [above, below] = [page.locator('section.findings .scroll-edge-top'), page.locator('section.findings .scroll-edge-bottom')];
  await expect(below).toBeVisible();
  await expect(above).toBeHidden();
  const before = (await list.boundingBox())!;
  const shade = (await below.boundingBox())!;
  expect(Math.abs(shade.y + shade.height - (before.y + before.height))).toBeLessThanOrEqual(1);
  // A finding far down the list is clicked where it is, not under another panel.
  await items.nth(12).getByRole('button').click();
  await expect(items.nth(12).getByRole('button')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('End');
  const last = items.last().getByRole('button');
  await expect(last).toBeFocused();
  const [box, within] = [(await last.boundingBox())!, (await list.boundingBox())!];
  expect(box.y + box.height).toBeLessThanOrEqual(within.y + within.height + 1);
  // At the end the shade moves to the top edge, and the list has not moved or changed size.
  await expect(below).toBeHidden();
  await expect(above).toBeVisible();
  expect(within).toEqual(before);
  // The record chosen gets a fair share of the column, not what a long list leaves over.
  const detail = (await page.getByRole('region', { name: 'Record' }).boundingBox())!;
  expect(detail.height).toBeGreaterThan(0.35 * 900);
});

test('on a phone the findings list stays inside its panel too', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openPage(page, '?sample=eval-sweep.jsonl');
  await expect(page.getByRole('list', { name: 'Findings' })).toBeVisible();
  const list = await listInsideItsPanel(page);
  expect(await list.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  await expect(page.locator('section.findings .scroll-edge-bottom')).toBeVisible();
});
