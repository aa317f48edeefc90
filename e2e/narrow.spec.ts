import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { fixture, openPage, waitForView } from './helpers';

test.use({ viewport: { width: 390, height: 844 } });

/** Whatever sticks out past the viewport or past its panel, outside a box that scrolls sideways on purpose. */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width) out.push(`the page is ${document.documentElement.scrollWidth} px wide`);
    for (const el of document.querySelectorAll<HTMLElement>('.panel *')) {
      if (el.closest('svg, .visually-hidden') || el.getClientRects().length === 0) continue;
      const panel = el.parentElement!.closest('.panel')!;
      let inScroller = false;
      for (let a = el.parentElement; a && a !== panel; a = a.parentElement) if (getComputedStyle(a).overflowX !== 'visible') inScroller = true;
      const right = el.getBoundingClientRect().right;
      if (!inScroller && right > panel.getBoundingClientRect().right + 0.5) out.push(`${el.tagName.toLowerCase()}.${el.className} "${el.textContent?.slice(0, 30)}" ends at ${Math.round(right)} px`);
    }
    return out;
  });
}

test('on a phone, a state table with long keys and values fits its panel and shows which keys differ', async ({ page }) => {
  await openPage(page);
  await page.getByLabel('Open files').setInputFiles(fixture('long-state.jsonl'));
  await waitForView(page);
  await page.getByRole('slider', { name: 'Cutoff (acceptance sequence)' }).fill('2');
  const state = page.getByRole('region', { name: 'State at cutoff' });
  const differs = state.getByRole('table').first().getByText('differs', { exact: true });
  await expect(differs).toBeVisible();
  const box = (await differs.boundingBox())!;
  const panel = (await state.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(panel.x + panel.width);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await overflowing(page)).toEqual([]);
});

test('on a phone, an input with a long file name and notes wraps inside its panel, its Close button on screen', async ({ page }) => {
  await openPage(page);
  const name = `rollout-2026-02-23T20-34-25-019c8bfe-ec25-79e0-97d7-bda6a9c575ff-${'x'.repeat(40)}.jsonl`;
  await page.getByLabel('Open files').setInputFiles({
    name,
    mimeType: 'application/x-ndjson',
    buffer: readFileSync(new URL('../src/io/__fixtures__/codex-paginated-boundaries.jsonl', import.meta.url)),
  });
  await waitForView(page);
  const inputs = page.getByRole('region', { name: 'Inputs' });
  await expect(inputs.locator('.input-note').first()).toBeVisible();
  const close = (await inputs.getByRole('button', { name: `Close ${name}` }).boundingBox())!;
  expect(close.x + close.width).toBeLessThanOrEqual(390);
  expect(await inputs.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
});

test('on a phone, the Export menu opens under its button, so a second tap closes it instead of downloading', async ({ page }) => {
  await openPage(page, '?sample=mixed-incident.jsonl');
  await waitForView(page);
  const button = page.getByRole('button', { name: /^Export/ });
  await button.click();
  const menu = page.getByRole('group', { name: 'Export' });
  const b = (await button.boundingBox())!;
  const m = (await menu.boundingBox())!;
  expect(m.y).toBeGreaterThanOrEqual(b.y + b.height);
  expect(m.x + m.width).toBeLessThanOrEqual(390);
  let downloads = 0;
  page.on('download', () => downloads++);
  await button.click();
  await expect(menu).toHaveCount(0);
  expect(downloads).toBe(0);
});

test('on a phone, choosing a side of a disputed eval brings the record panel into view', async ({ page }) => {
  await openPage(page, '?sample=e3-conflict-notes.jsonl');
  await waitForView(page);
  await page.getByRole('article', { name: /^Disputed / }).first().getByRole('button').first().click();
  await expect(page.getByRole('heading', { name: 'Record', exact: true })).toBeInViewport();
  await expect(page.getByRole('region', { name: 'Record' })).toContainText('Raw line');
});

test('on a phone, no bundled sample pushes the page wider or sticks out of a panel', async ({ page }) => {
  test.setTimeout(90_000);
  const samples = (JSON.parse(readFileSync(new URL('../public/samples/index.json', import.meta.url), 'utf8')) as { file: string }[]).map((s) => s.file);
  for (const file of samples) {
    await openPage(page, `?sample=${file}`);
    await waitForView(page);
    expect({ file, problems: await overflowing(page) }).toEqual({ file, problems: [] });
  }
});

test('on a phone, a key that cannot wrap scrolls its table sideways inside the panel, and the keyboard can scroll it', async ({ page }) => {
  // A word holding an invisible-character mark never breaks at the mark, so this key is one unbreakable run.
  const key = `calendar_events_evt_standup_weekly_attendees\u200b_x`;
  const lines = [2, 1].map((seq) => JSON.stringify({ kind: 'input', id: `w${seq}`, session: 's', accept_seq: seq, op: 'set', key, value: `v${seq}` }));
  await openPage(page);
  await page.getByLabel('Open files').setInputFiles({ name: 'unbreakable.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(lines.join('\n')) });
  await waitForView(page);
  await page.getByRole('slider', { name: 'Cutoff (acceptance sequence)' }).fill('2');
  const scroller = page.getByRole('group', { name: /^Acceptance as of N = 2 and Storage prefix \(file order\), scrolls sideways$/ });
  await expect(scroller).toHaveAttribute('tabindex', '0');
  expect(await overflowing(page)).toEqual([]);
  await scroller.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
  await expect(scroller.getByText('differs', { exact: true })).toBeInViewport();
});

test('in raw file order, a raw line cut short by its cell has the whole line as its tooltip', async ({ page }) => {
  await openPage(page, '?sample=o1-flip.jsonl&order=raw');
  const cells = page.getByRole('table', { name: /in file order/ }).locator('td.raw-cell');
  await expect(cells).toHaveCount(2);
  for (const cell of await cells.all()) {
    expect(await cell.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await expect(cell).toHaveAttribute('title', /^\{"kind": "input", .*\}$/);
  }
});
