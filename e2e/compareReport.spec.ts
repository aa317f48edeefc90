import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { compareWithSampleRun, onDisk, openPage, removeOnDisk, runCli, waitForView } from './helpers';

/** The core's golden comparison reports, which `seqscope compare BASE OTHER --report` is held to too (src/cli/compareReport.test.ts). */
const golden = (name: string) => readFileSync(fileURLToPath(new URL(`../src/core/__golden__/${name}`, import.meta.url)), 'utf8');
const NOW = '2025-09-16T08:00:00.000Z';

test.afterAll(removeOnDisk);

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

  test("over a run not read whole says so on the page and in the report, which is the CLI's byte for byte", async ({ page }) => {
    const samples = fileURLToPath(new URL('../public/samples/', import.meta.url));
    // A gzip followed by bytes that are not gzip: what it decompresses to is read, the rest is not.
    const other = onDisk('compare-good.jsonl.gz');
    writeFileSync(other, Buffer.concat([gzipSync(readFileSync(join(samples, 'compare-good.jsonl'))), Buffer.from('XYZW')]));
    copyFileSync(join(samples, 'compare-good.jsonl'), join(dirname(other), 'compare-good.jsonl'));
    const cli = runCli(['compare', 'compare-good.jsonl', 'compare-good.jsonl.gz', '--report', 'cli.md'], dirname(other), NOW);
    expect(cli.status, cli.stderr).toBe(0);
    expect(cli.stdout).toContain("  in what was read; not all of it was: the other run's compare-good.jsonl.gz was not read to its end.");

    await page.clock.setFixedTime(new Date(NOW));
    await openPage(page, '?sample=compare-good.jsonl');
    await waitForView(page);
    await page.getByLabel(/^Compare with( another)?…$/).setInputFiles(other);
    const panel = page.getByRole('region', { name: 'Comparison' });
    await expect(panel).toContainText('The runs agree in acceptance terms');
    await expect(panel.getByRole('note')).toHaveText("Compared in what was read, but not all of it was: the other run's compare-good.jsonl.gz was not read to its end.");
    await page.getByRole('button', { name: 'Export ▾' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /Comparison report \(Markdown\)/ }).click()]);
    const report = readFileSync(await download.path(), 'utf8');
    expect(report).toContain("No divergence: the runs agree in acceptance terms.\n\nCompared in what was read, but not all of it was: the other run's compare-good.jsonl.gz was not read to its end.\n");
    expect(report).toBe(readFileSync(join(dirname(other), 'cli.md'), 'utf8'));
  });

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
