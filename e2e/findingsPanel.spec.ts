import { expect, test, type Page } from '@playwright/test';
import { openPage, waitForView } from './helpers';

/** 2n findings in one session, in which n unconditional writes each overwrite another writer (a lost update and an unconditional write apiece). */
function overwrites(n: number): string[] {
  const lines: string[] = [];
  for (let i = 1; i <= n; i++) {
    lines.push(JSON.stringify({ kind: 'read', id: `r${i}`, session: 's', accept_seq: 3 * i - 2, actor: 'a', resource: `cal/${i}`, version: 'v1' }));
    lines.push(JSON.stringify({ kind: 'write', id: `w${i}b`, session: 's', accept_seq: 3 * i - 1, actor: 'b', resource: `cal/${i}`, if_match: 'v1', version: 'v2' }));
    lines.push(JSON.stringify({ kind: 'write', id: `w${i}a`, session: 's', accept_seq: 3 * i, actor: 'a', resource: `cal/${i}`, version: 'v3' }));
  }
  return lines;
}

/** Sixty-two findings: 31 errors and 31 warnings. */
const manyFindings = () => overwrites(31).join('\n') + '\n';

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

test('a findings list that scrolls does not lengthen the page: the text in its findings hidden from the eye is clipped with the list', async ({ page }) => {
  await openPage(page);
  await page.getByLabel('Open files').setInputFiles({ name: 'many.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(manyFindings()) });
  await waitForView(page);
  const list = page.getByRole('list', { name: 'Findings' });
  // Each finding says its severity to a screen reader in text hidden from the eye, far down the list's scrolled content.
  expect(await list.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeGreaterThan(3000);
  const room = await page.evaluate(() => {
    const panels = [...document.querySelectorAll('.panel')].map((p) => p.getBoundingClientRect().bottom + scrollY);
    return document.documentElement.scrollHeight - Math.max(...panels);
  });
  // Below the last panel, the page's own margin only (it was the length of the list's scroll).
  expect(room).toBeLessThan(80);
});

test('on a phone the findings list stays inside its panel too', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openPage(page, '?sample=eval-sweep.jsonl');
  await expect(page.getByRole('list', { name: 'Findings' })).toBeVisible();
  const list = await listInsideItsPanel(page);
  expect(await list.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  await expect(page.locator('section.findings .scroll-edge-bottom')).toBeVisible();
});

/** 340 findings (343 rows with the headings, so the list renders the rows in view): 120 errors, 120 warnings, 100 info. */
function threeSeverities(): string {
  const lines = overwrites(120);
  // One storage-order inversion (info) per session.
  for (let i = 1; i <= 100; i++) {
    lines.push(JSON.stringify({ kind: 'notice', id: `n${i}b`, session: `n${i}`, accept_seq: 2, actor: 'system' }));
    lines.push(JSON.stringify({ kind: 'notice', id: `n${i}a`, session: `n${i}`, accept_seq: 1, actor: 'system' }));
  }
  return lines.join('\n') + '\n';
}

/** The text of what is drawn just inside the list's top edge, and the bottom of the group heading there if it is one. */
async function atListTop(page: Page) {
  return page.getByRole('list', { name: 'Findings' }).evaluate((list) => {
    const box = list.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + 30, box.top + 6);
    const head = hit?.closest('.findings-group');
    return { head: head?.textContent ?? null, headBottom: head?.getBoundingClientRect().bottom ?? box.top };
  });
}

for (const [what, log, deep] of [
  ['a short list', manyFindings(), 0.8],
  ['a long list, rendered in view only', threeSeverities(), 0.6],
] as const) {
  test(`in ${what}, the heading of the group being read stays at the top of the list while its findings scroll`, async ({ page }) => {
    await openPage(page);
    await page.getByLabel('Open files').setInputFiles({ name: 'findings.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(log) });
    await waitForView(page);
    const list = page.getByRole('list', { name: 'Findings' });
    await list.scrollIntoViewIfNeeded();
    // Deep in the warnings, far past their heading (past the rows a long list keeps rendered around the view).
    const warning = list.locator('li.finding').filter({ hasText: 'unconditional-write' });
    await list.evaluate((el, at) => (el.scrollTop = (el.scrollHeight - el.clientHeight) * at), deep);
    await expect.poll(async () => (await atListTop(page)).head).toMatch(/^Warnings/);
    // A screen reader finds the heading in the list still, in order before the findings shown.
    await expect(list.getByRole('heading', { name: /^Warnings/ })).toHaveCount(1);
    // Arrowing up, the finding chosen is brought into view below the heading, not under it.
    const top = (await list.boundingBox())!.y;
    let below = 0;
    while ((await warning.nth(below).boundingBox())!.y < top + 40) below++;
    await warning.nth(below).getByRole('button').click();
    for (let k = 0; k < 4; k++) await page.keyboard.press('ArrowUp');
    const focused = page.locator('li.finding button:focus');
    await expect(focused).toHaveCount(1);
    expect((await atListTop(page)).head).toMatch(/^Warnings/);
    // The list follows the row for some frames as the rows around it are measured: on a busy machine that takes a while.
    const belowHeading = async () => (await focused.boundingBox())!.y - ((await atListTop(page)).headBottom - 1);
    await expect.poll(belowHeading, { message: 'the finding arrowed to stops below the heading' }).toBeGreaterThanOrEqual(0);
    // Scrolled into the next group, its heading takes the place of the one before.
    const lastGroup = what === 'a short list' ? /^Warnings/ : /^Info/;
    await list.evaluate((el) => (el.scrollTop = el.scrollHeight));
    await expect.poll(async () => (await atListTop(page)).head).toMatch(lastGroup);
  });
}
