import { expect, test, type Page } from '@playwright/test';
import { openPage, waitForView } from './helpers';

const SESSIONS = 3_000;

/** Sessions s-0 … s-2999 of two records each; s-5 stores its second acceptance first (one inversion, so the page opens on it). */
function wideLog(): Buffer {
  const lines: string[] = [];
  for (let i = 0; i < SESSIONS; i++) {
    const seqs = i === 5 ? [2, 1] : [1, 2];
    for (const seq of seqs) lines.push(JSON.stringify({ kind: 'input', id: `s-${i}-${seq}`, session: `s-${i}`, accept_seq: seq, op: 'set', key: 'k', value: `v${seq}` }));
  }
  return Buffer.from(lines.join('\n') + '\n');
}

async function openWide(page: Page) {
  await openPage(page);
  await page.getByLabel('Open files').setInputFiles({ name: 'wide.jsonl', mimeType: 'application/x-ndjson', buffer: wideLog() });
  await waitForView(page);
  const picker = page.getByRole('combobox', { name: 'Session' });
  await expect(picker).toHaveValue('s-5');
  await expect(page.locator('.session-facts')).toHaveText('2 accepted · 0 not accepted · 1 inversion');
  return picker;
}

test('with thousands of sessions the picker is searched: part of a name, the arrows and Enter show a session, and the URL names it', async ({ page }) => {
  const picker = await openWide(page);
  expect(await page.locator('.session-picker select').count()).toBe(0);
  await picker.click();
  await expect(picker).toHaveAttribute('aria-expanded', 'true');
  await expect(picker).toHaveAccessibleDescription(`${SESSIONS.toLocaleString('en-US')} sessions · type part of a name to narrow them`);
  const listbox = page.getByRole('listbox', { name: 'Sessions' });
  expect(await listbox.getByRole('option').count()).toBeLessThan(60);

  await picker.pressSequentially('S-271');
  await expect(picker).toHaveAccessibleDescription('11 of 3,000 sessions');
  await expect(listbox.getByRole('option').first()).toHaveText('s-2712 records');
  await page.keyboard.press('ArrowDown');
  await expect(listbox.getByRole('option', { selected: true })).toHaveText('s-27102 records');
  await page.keyboard.press('Enter');

  await expect(picker).toHaveAttribute('aria-expanded', 'false');
  await expect(picker).toHaveValue('s-2710');
  await expect(picker).toBeFocused();
  await expect(page).toHaveURL(/[?&]session=s-2710(&|$)/);
  await expect(page.locator('.session-facts')).toHaveText('2 accepted · 0 not accepted · 0 inversions');
  await expect(page.getByRole('region', { name: 'Order' })).toContainText('s-2710-1');

  // The link brings the session back into the searched picker.
  await page.reload();
  await page.getByLabel('Provide the files').setInputFiles({ name: 'wide.jsonl', mimeType: 'application/x-ndjson', buffer: wideLog() });
  await waitForView(page);
  await expect(picker).toHaveValue('s-2710');
  await expect(page.locator('.session-facts')).toHaveText('2 accepted · 0 not accepted · 0 inversions');
});

test('on a phone the searched picker fits the screen below its input, with rows tall enough to tap', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const picker = await openWide(page);
  await picker.fill('s-12');
  const listbox = page.getByRole('listbox', { name: 'Sessions' });
  await expect(picker).toHaveAccessibleDescription('111 of 3,000 sessions');
  const input = (await picker.boundingBox())!;
  const popup = (await page.locator('.session-popup').boundingBox())!;
  expect(popup.y).toBeGreaterThanOrEqual(input.y + input.height);
  expect(popup.x).toBeGreaterThanOrEqual(0);
  expect(popup.x + popup.width).toBeLessThanOrEqual(390);
  expect(popup.y + popup.height).toBeLessThanOrEqual(844);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const rows = await listbox.getByRole('option').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
  expect(Math.min(...rows)).toBeGreaterThanOrEqual(40);
  await listbox.getByRole('option', { name: /^s-120\b/ }).click();
  await expect(picker).toHaveValue('s-120');
  await expect(page).toHaveURL(/[?&]session=s-120(&|$)/);
});

test('when the session search cannot be loaded (a tab left open across a new deployment), the page keeps its view with the plain select', async ({ page }) => {
  await page.route(/SessionCombobox-[^/]*\.js$/, (route) => route.abort());
  await openPage(page);
  await page.getByLabel('Open files').setInputFiles({ name: 'wide.jsonl', mimeType: 'application/x-ndjson', buffer: wideLog() });
  await waitForView(page);
  const picker = page.getByRole('combobox', { name: 'Session' });
  await expect(picker).toHaveJSProperty('tagName', 'SELECT');
  await expect(picker).toHaveValue('s-5');
  await picker.selectOption('s-42');
  await expect(page.locator('.session-facts')).toHaveText('2 accepted · 0 not accepted · 0 inversions');
  await expect(page.getByRole('list', { name: 'Findings' })).toBeVisible();
});
