import { expect, test, type Page } from '@playwright/test';
import { openPage, waitForView } from './helpers';

/**
 * Part k of one session: a revoke accepted after an allow but stored before
 * it (a decision flip on its own key), and a record without an id, which is
 * named by its file and line.
 */
function part(k: number) {
  const at = 10 * k;
  const records = [
    { kind: 'input', id: `p${k}-2`, session: 'ops', op: 'revoke', key: `perm-${k}`, accept_seq: at + 2 },
    { kind: 'input', id: `p${k}-1`, session: 'ops', op: 'allow', key: `perm-${k}`, accept_seq: at + 1 },
    { kind: 'input', session: 'ops', op: 'set', key: 'mode', value: `m${k}`, accept_seq: at + 3 },
  ];
  return { name: `part-${k}.jsonl`, mimeType: 'application/x-ndjson', buffer: Buffer.from(records.map((r) => JSON.stringify(r)).join('\n') + '\n') };
}

/** Counts, in the worker that reads the files, every whole read of a file's bytes from now on. */
async function countReads(page: Page): Promise<() => Promise<number>> {
  const workers = page.workers();
  expect(workers).toHaveLength(1);
  const reader = workers[0]!;
  await reader.evaluate(() => {
    const scope = self as unknown as { reads: number };
    scope.reads = 0;
    for (const method of ['arrayBuffer', 'stream'] as const) {
      const read = Blob.prototype[method] as (this: Blob) => unknown;
      Object.defineProperty(Blob.prototype, method, {
        configurable: true,
        value(this: Blob) {
          scope.reads++;
          return read.call(this);
        },
      });
    }
  });
  return () => reader.evaluate(() => (self as unknown as { reads: number }).reads);
}

const findingTexts = (page: Page) => page.getByRole('list', { name: 'Findings' }).getByRole('listitem').allInnerTexts();

test('closing the first of several files reads none of the others again, and shows what a fresh load of them shows', async ({ page }) => {
  await openPage(page);
  const files = [0, 1, 2, 3].map(part);
  await page.getByLabel('Open files').setInputFiles(files);
  const names = page.getByRole('region', { name: 'Inputs' }).locator('tbody td.input-name');
  await expect(names).toHaveText(files.map((f) => f.name));
  const reads = await countReads(page);

  await page.getByRole('button', { name: 'Close part-0.jsonl' }).click();
  await expect(names).toHaveText(['part-1.jsonl', 'part-2.jsonl', 'part-3.jsonl']);
  const findings = page.getByRole('list', { name: 'Findings' });
  await expect(findings.getByRole('listitem').filter({ hasText: 'decision-flip' })).toHaveCount(3);
  expect(await reads()).toBe(0);

  const afterClose = await findingTexts(page);
  expect(afterClose.join('\n')).not.toContain('part-0.jsonl');
  // A record of the second file kept (now the second input, the third before) is shown at its own place.
  await findings.getByRole('listitem').filter({ hasText: 'Key perm-2' }).getByRole('button').first().click();
  const place = page.getByRole('region', { name: 'Record' }).locator('.detail-loc');
  await expect(place).toHaveText(/^part-2\.jsonl:[12]$/);
  const placeAfterClose = await place.innerText();
  await findings.getByRole('listitem').filter({ hasText: 'missing-id' }).filter({ hasText: 'part-3.jsonl:3' }).getByRole('button').first().click();
  await expect(place).toHaveText('part-3.jsonl:3');

  // The same files opened afresh: the same findings, the same record at the same place.
  await page.getByRole('button', { name: 'Close all' }).click();
  await page.getByLabel('Open files').setInputFiles(files.slice(1));
  await expect(names).toHaveText(['part-1.jsonl', 'part-2.jsonl', 'part-3.jsonl']);
  await expect(findings.getByRole('listitem').filter({ hasText: 'decision-flip' })).toHaveCount(3);
  expect(await findingTexts(page)).toEqual(afterClose);
  await findings.getByRole('listitem').filter({ hasText: 'Key perm-2' }).getByRole('button').first().click();
  await expect(place).toHaveText(placeAfterClose);
  await waitForView(page);
});
