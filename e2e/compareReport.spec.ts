import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { compareWithSampleRun, openPage, waitForView } from './helpers';

/** The core's golden comparison reports, which `seqscope compare BASE OTHER --report` is held to too (src/cli/compareReport.test.ts). */
const golden = (name: string) => readFileSync(fileURLToPath(new URL(`../src/core/__golden__/${name}`, import.meta.url)), 'utf8');

test.describe('the comparison report downloaded from the page', () => {
  for (const [base, other, shown] of [
    ['compare-good', 'compare-bad', 'at accept_seq 4'],
    ['eval-run-a', 'eval-run-b', 'eval refund-02 / sweep-0915'],
  ] as const) {
    test(`of ${base} against ${other} is the CLI's compare --report byte for byte`, async ({ page }) => {
      // The report's time comes from the browser's clock; fixed here as SOURCE_DATE_EPOCH fixes it for the CLI.
      await page.clock.setFixedTime(new Date('2025-09-16T08:00:00Z'));
      await openPage(page, `?sample=${base}.jsonl&compare=${other}.jsonl`);
      await waitForView(page);
      await expect(page.getByRole('region', { name: 'First divergence' })).toContainText(shown);
      await page.getByRole('button', { name: 'Export ▾' }).click();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /Comparison report \(Markdown\)/ }).click()]);
      expect(download.suggestedFilename()).toBe(`${base}.vs.${other}.comparison.md`);
      expect(readFileSync(await download.path(), 'utf8')).toBe(golden(`${base}.vs.${other}.comparison.md`));
    });
  }

  test('is offered only while a comparison is shown', async ({ page }) => {
    await openPage(page, '?sample=compare-good.jsonl');
    await waitForView(page);
    await page.getByRole('button', { name: 'Export ▾' }).click();
    await expect(page.getByRole('button', { name: /Audit report \(Markdown\)/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /Comparison report/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Export ▾' }).click();

    await compareWithSampleRun(page, 'Compare: the bad run of deploy-7');
    await expect(page.getByRole('region', { name: 'First divergence' })).toBeVisible();
    await page.getByRole('button', { name: 'Export ▾' }).click();
    await expect(page.getByRole('button', { name: /Comparison report \(Markdown\)/ })).toBeVisible();
    await page.getByRole('button', { name: 'Export ▾' }).click();

    await page.getByRole('button', { name: 'Stop comparing' }).click();
    await page.getByRole('button', { name: 'Export ▾' }).click();
    await expect(page.getByRole('button', { name: /Comparison report/ })).toHaveCount(0);
  });
});
