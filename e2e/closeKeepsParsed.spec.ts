import { expect, test, type Page } from '@playwright/test';
import { openPage, waitForView } from './helpers';

/**
 * Part k of one session: a revoke accepted after an allow but stored before
 * it (a decision flip on its own key), and a record without an id, which is
 * named by its file and line.
 */
function partLines(k: number): string[] {
  const at = 10 * k;
  const records = [
    { kind: 'input', id: `p${k}-2`, session: 'ops', op: 'revoke', key: `perm-${k}`, accept_seq: at + 2 },
    { kind: 'input', id: `p${k}-1`, session: 'ops', op: 'allow', key: `perm-${k}`, accept_seq: at + 1 },
    { kind: 'input', session: 'ops', op: 'set', key: 'mode', value: `m${k}`, accept_seq: at + 3 },
  ];
  return records.map((r) => JSON.stringify(r));
}

function part(k: number) {
  return { name: `part-${k}.jsonl`, mimeType: 'application/x-ndjson', buffer: Buffer.from(partLines(k).join('\n') + '\n') };
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

/** Opens parts 0 to 3, and counts the reads from then on. */
async function openParts(page: Page) {
  await openPage(page);
  const files = [0, 1, 2, 3].map(part);
  await page.getByLabel('Open files').setInputFiles(files);
  const names = page.getByRole('region', { name: 'Inputs' }).locator('tbody td.input-name');
  await expect(names).toHaveText(files.map((f) => f.name));
  return { files, names, reads: await countReads(page) };
}

test('closing the first of several files reads none of the others again, and shows what a fresh load of them shows', async ({ page }) => {
  const { files, names, reads } = await openParts(page);

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
  const raw = page.getByRole('region', { name: 'Record' }).locator('.raw-line');
  await expect(raw).toHaveText(partLines(2)[Number(placeAfterClose.split(':')[1]) - 1]!);
  await findings.getByRole('listitem').filter({ hasText: 'missing-id' }).filter({ hasText: 'part-3.jsonl:3' }).getByRole('button').first().click();
  await expect(place).toHaveText('part-3.jsonl:3');
  await expect(raw).toHaveText(partLines(3)[2]!);

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

test('records kept through a close, another close and a file added back show their own places and raw lines, as a fresh load shows them', async ({ page }) => {
  const { files, names, reads } = await openParts(page);
  const findings = page.getByRole('list', { name: 'Findings' });
  const flips = findings.getByRole('listitem').filter({ hasText: 'decision-flip' });
  const place = page.getByRole('region', { name: 'Record' }).locator('.detail-loc');
  const raw = page.getByRole('region', { name: 'Record' }).locator('.raw-line');
  /** Shows the record without an id of part k and checks its place and raw line. */
  const showUnnamed = async (k: number) => {
    await findings.getByRole('listitem').filter({ hasText: 'missing-id' }).filter({ hasText: `part-${k}.jsonl:3` }).getByRole('button').first().click();
    await expect(place).toHaveText(`part-${k}.jsonl:3`);
    await expect(raw).toHaveText(partLines(k)[2]!);
  };

  await page.getByRole('button', { name: 'Close part-0.jsonl' }).click();
  await expect(names).toHaveText(['part-1.jsonl', 'part-2.jsonl', 'part-3.jsonl']);
  await page.getByRole('button', { name: 'Close part-1.jsonl' }).click();
  await expect(names).toHaveText(['part-2.jsonl', 'part-3.jsonl']);
  await expect(flips).toHaveCount(2);
  await showUnnamed(3);
  await page.getByLabel('Open files').setInputFiles([files[0]!]);
  await expect(names).toHaveText(['part-2.jsonl', 'part-3.jsonl', 'part-0.jsonl']);
  await showUnnamed(0);
  // Only the file opened again was read again.
  expect(await reads()).toBe(1);
  await showUnnamed(2);
  const kept = await findingTexts(page);

  await page.getByRole('button', { name: 'Close all' }).click();
  await page.getByLabel('Open files').setInputFiles([files[2]!, files[3]!, files[0]!]);
  await expect(names).toHaveText(['part-2.jsonl', 'part-3.jsonl', 'part-0.jsonl']);
  await expect(findings.getByRole('listitem')).toHaveCount(kept.length);
  await expect(findings.getByRole('listitem').filter({ hasText: 'part-0.jsonl:3' })).not.toHaveCount(0);
  expect(await findingTexts(page)).toEqual(kept);
  await showUnnamed(3);
  await waitForView(page);
});
