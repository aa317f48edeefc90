import { expect, test } from '@playwright/test';
import { openPage, waitForView } from './helpers';

/** 2,000 keys set in one session; every 50th value is long, so its row is drawn taller than the table's estimate. */
function manyKeys(): string {
  const lines: string[] = [];
  for (let i = 0; i < 2000; i++) {
    const value = i % 50 === 7 ? `value ${i} ${'long words '.repeat(60)}` : `value ${i}`;
    lines.push(JSON.stringify({ kind: 'input', id: `s${i}`, session: 's', accept_seq: i + 1, op: 'set', key: `key-${String(i).padStart(4, '0')}`, value }));
  }
  return lines.join('\n') + '\n';
}

// The browser's smooth scroll is sent to where the list ends (or 0) as it sets out; the rows drawn on the way are
// measured taller than estimated, and the list must not write the scroll meanwhile (that moved Home's end) nor stop
// where its end was (End stopped hundreds of pixels short).
test('End and Home on a long table that scrolls by itself reach its last and first rows', async ({ page }) => {
  await openPage(page);
  await page.getByLabel('Open files').setInputFiles({ name: 'keys.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(manyKeys()) });
  await waitForView(page);
  await page.getByRole('button', { name: /Show all 2,000 keys/ }).first().click();
  const table = page.getByRole('group', { name: /all 2,000 keys, scrolls/ }).first();
  const fromEnd = () => table.evaluate((el) => el.scrollHeight - el.clientHeight - el.scrollTop);
  for (const from of [0.3, 0.05]) {
    await table.evaluate((el, f) => void (el.scrollTop = (el.scrollHeight - el.clientHeight) * f), from);
    await table.focus();
    await page.keyboard.press('End');
    await expect.poll(fromEnd).toBeLessThanOrEqual(1);
    await expect(table.getByRole('rowheader', { name: 'key-1999' })).toBeVisible();
  }
  await page.keyboard.press('Home');
  await expect.poll(() => table.evaluate((el) => el.scrollTop)).toBe(0);
  await expect(table.getByRole('rowheader', { name: 'key-0000' })).toBeVisible();
});
