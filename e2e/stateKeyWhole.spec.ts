import { expect, test, type Page } from '@playwright/test';
import { openPage, waitForView } from './helpers';

const longValue = 'REDACTED '.repeat(30).trim();
const log = [
  { kind: 'input', id: 'a1', session: 's', accept_seq: 1, op: 'set', key: 'last_user_input', value: longValue },
  { kind: 'input', id: 'a2', session: 's', accept_seq: 2, op: 'set', key: 'approval_policy', value: longValue },
]
  .map((r) => JSON.stringify(r))
  .join('\n');

/** How many lines the key's text takes in its row header. */
const linesOfKey = (page: Page, key: string) =>
  page
    .getByRole('region', { name: 'State at cutoff' })
    .getByRole('rowheader', { name: key })
    .first()
    .evaluate((th) => {
      const tops = new Set<number>();
      const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of range.getClientRects()) tops.add(Math.round(r.top));
      }
      return tops.size;
    });

// On a phone the values need the room, and a key of more than about 11 characters wraps (narrow.spec.ts).
test('a state key of 15 characters stays whole beside long values on a wide screen', async ({ page }) => {
  await openPage(page);
  await page.getByLabel('Open files').setInputFiles({ name: 'keys.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(log) });
  await waitForView(page);
  expect(await linesOfKey(page, 'last_user_input')).toBe(1);
  expect(await linesOfKey(page, 'approval_policy')).toBe(1);
});
