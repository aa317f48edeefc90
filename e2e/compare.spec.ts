import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { pageLogLines } from '../scripts/pageLog';
import { compareWithSampleRun, openPage, waitForView } from './helpers';

const sample = (name: string) => fileURLToPath(new URL(`../public/samples/${name}`, import.meta.url));

test('comparing the good and the bad run names the first divergence and jumps to it', async ({ page }) => {
  await openPage(page, '?sample=compare-good.jsonl');
  await waitForView(page);
  await page.getByLabel('Compare with…').setInputFiles(sample('compare-bad.jsonl'));
  const first = page.getByRole('region', { name: 'First divergence' });
  await expect(first).toContainText('First divergence · session deploy-7 at accept_seq 4');
  await expect(first).toContainText('the base run accepted input scope (compare-good.jsonl:4) and the other run input scope (compare-bad.jsonl:4), which differ in value');
  await expect(page.getByRole('table', { name: 'Decisions that differ' })).toContainText(/rollout.*canary.*full/);
  const onlyOther = page.getByRole('list', { name: 'Findings only in the other run' });
  await expect(onlyOther).toContainText('decision-flip');
  await expect(onlyOther).toContainText('storage-order-inversion');

  await first.getByRole('button', { name: 'Jump to the first divergence' }).click();
  await expect(page.getByRole('region', { name: 'Record' }).locator('.detail-loc')).toHaveText('compare-good.jsonl:4');
  await expect(page).toHaveURL(/cmp=[0-9a-f]{12}:compare-bad\.jsonl.*sel=0:4/);

  // The comparison is part of the link: the other run's file is asked for again, by hash.
  await page.reload();
  const compare = page.getByRole('region', { name: 'Comparison' });
  await expect(compare).toContainText('This link compares the open inputs with compare-bad.jsonl');
  await page.getByLabel('Provide the comparison file').setInputFiles(sample('compare-good.jsonl'));
  await expect(compare.getByRole('alert')).toContainText('compare-good.jsonl does not match the link');
  await page.getByLabel('Provide the comparison file').setInputFiles(sample('compare-bad.jsonl'));
  await expect(page.getByRole('region', { name: 'First divergence' })).toContainText('at accept_seq 4');
  await expect(page.getByRole('region', { name: 'Record' }).locator('.detail-loc')).toHaveText('compare-good.jsonl:4');
});

test('a bundled sample to compare with is named in the link', async ({ page }) => {
  await openPage(page, '?sample=compare-good.jsonl&compare=compare-bad.jsonl');
  await expect(page.getByRole('region', { name: 'First divergence' })).toContainText('at accept_seq 4');
});

test('two runs of one eval sweep: the cases that changed status', async ({ page }) => {
  await openPage(page, '?sample=eval-run-a.jsonl');
  await waitForView(page);
  await compareWithSampleRun(page, 'Compare: eval sweep, second run');
  const evals = page.getByRole('table', { name: 'Eval outcomes that differ' });
  await expect(evals.getByRole('row')).toHaveCount(5);
  await expect(evals.getByRole('row').filter({ hasText: 'refund-02' })).toContainText(/status.*pass.*fail/);
  await expect(evals.getByRole('row').filter({ hasText: 'refund-04' })).toContainText(/status.*error.*pass/);
  await expect(evals.getByRole('row').filter({ hasText: 'refund-05' })).toContainText('score');
  await expect(evals.getByRole('row').filter({ hasText: 'refund-07' })).toContainText('only-in-other');
  await expect(page.getByRole('region', { name: 'First divergence' })).toContainText('eval refund-02 / sweep-0915');
});

test('every derived view switches to raw file order, and the page says which order it shows', async ({ page }) => {
  await openPage(page, '?sample=o1-flip.jsonl');
  await waitForView(page);
  const caption = page.getByRole('region', { name: 'Evidence' });
  await expect(caption).toContainText('Showing: Derived views');
  await page.getByRole('radio', { name: 'Raw file order' }).check();
  await expect(caption).toContainText('Showing: Raw file order');
  await expect(page).toHaveURL(/order=raw/);
  const table = page.getByRole('table', { name: /in file order/ });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row').nth(1)).toContainText(/1\s*0\s*input revoke\s*m2\s*2/);
  await table.getByRole('row').nth(2).getByRole('button').click();
  await expect(page.getByRole('region', { name: 'Record' }).getByLabel('Place in the file')).toContainText(/o1-flip\.jsonl · line 2 · byte \d+ · char \d+/);
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Raw file order' })).toBeChecked();
  await page.getByRole('radio', { name: 'Derived views' }).check();
  await expect(page.getByRole('img', { name: 'Acceptance order vs storage order' })).toBeVisible();
});

/** A run big enough to still be read when Cancel is pressed: 300,000 records, about 30 MB. */
const bigRun = () => ({ name: 'big-run.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(pageLogLines(300_000).join('\n')) });

/**
 * Starts reading the big run as the one to compare with, and cancels it while it is being read: the
 * Cancel is clicked from inside the page the moment the read shows, since on a busy machine a click
 * sent from here can arrive after the read is done.
 */
async function cancelBigComparison(page: Page): Promise<void> {
  await page.evaluate(() => {
    const observer = new MutationObserver(() => {
      const region = [...document.querySelectorAll('section, [role="region"]')].find((e) => e.getAttribute('aria-label') === 'Comparison' || e.querySelector('h2')?.textContent === 'Comparison');
      if (!region?.querySelector('[role="status"]')?.textContent?.includes('big-run.jsonl')) return;
      const cancel = [...region.querySelectorAll('button')].find((b) => b.textContent === 'Cancel');
      if (!cancel) return;
      observer.disconnect();
      cancel.click();
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await page.getByLabel(/^Compare with( another)?…$/).setInputFiles(bigRun());
  await expect(page.getByRole('status', { name: 'Notices' })).toHaveText('Reading big-run.jsonl to compare with was cancelled. The view is as it was before.');
}

test('reading a comparison run is cancelled with its worker, and the comparison shown before stays as it was', async ({ page }) => {
  test.setTimeout(60_000);
  await openPage(page, '?sample=compare-good.jsonl&compare=compare-bad.jsonl');
  const first = page.getByRole('region', { name: 'First divergence' });
  await expect(first).toContainText('at accept_seq 4');
  const url = page.url();
  const workers = page.workers().length;
  const entries = await page.evaluate(() => history.length);

  await cancelBigComparison(page);
  // The worker that was reading is ended, not left to finish.
  await expect.poll(() => page.workers().length).toBe(workers - 1);
  await expect(first).toContainText('at accept_seq 4');
  await expect(page.getByRole('region', { name: 'Comparison' })).toContainText('other run: compare-bad.jsonl');
  await expect(page.getByRole('region', { name: 'Comparison' }).getByRole('status')).toHaveCount(0);
  expect(page.url()).toBe(url);
  expect(await page.evaluate(() => history.length)).toBe(entries);

  // A fresh worker reads the next run.
  await compareWithSampleRun(page, 'Compare: the good run of deploy-7');
  await expect(page.getByRole('region', { name: 'Comparison' })).toContainText('The runs agree in acceptance terms');
});

test('cancelling the first comparison run read leaves no comparison at all', async ({ page }) => {
  test.setTimeout(60_000);
  await openPage(page, '?sample=compare-good.jsonl');
  await waitForView(page);
  const url = page.url();
  await cancelBigComparison(page);
  await expect(page.getByRole('region', { name: 'Comparison' })).toHaveCount(0);
  await expect(page.getByLabel('Compare with…')).toBeAttached();
  expect(page.url()).toBe(url);
});

test('the sample runs to compare with are stepped through from the keyboard, only a choice compares, and focus stays on the controls that stay', async ({ page }) => {
  await openPage(page, '?sample=compare-good.jsonl');
  await waitForView(page);
  const opener = page.getByRole('button', { name: 'or a sample ▾' });
  await opener.focus();
  // A closed select took each arrow key as a choice: the first run was compared at once.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('region', { name: 'Comparison' })).toHaveCount(0);
  await page.keyboard.press('Enter');
  const list = page.getByRole('group', { name: 'Compare with a sample' });
  await expect(list.getByRole('button')).toHaveCount(4);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(list.getByRole('button', { name: /^Compare: the bad run of deploy-7/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'First divergence' })).toBeVisible();
  // The chosen button went with the list, and focus with it to the page's body.
  await expect(opener).toBeFocused();
  // Escape on the list closes it and gives focus back to its button.
  await opener.click();
  await page.keyboard.press('Escape');
  await expect(list).toHaveCount(0);
  await expect(opener).toBeFocused();
  // Stop comparing goes with the panel; focus goes to Compare with…, where another run is chosen.
  await page.getByRole('button', { name: 'Stop comparing' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Comparison' })).toHaveCount(0);
  await expect(page.getByLabel('Compare with…')).toBeFocused();
});

test('on a phone the decisions that differ keep a short session and key on one line each beside the values', async ({ page }) => {
  await page.setViewportSize({ width: 620, height: 900 });
  await openPage(page, '?sample=compare-good.jsonl&compare=compare-bad.jsonl');
  const table = page.getByRole('table', { name: 'Decisions that differ' });
  await expect(table).toBeVisible();
  const linesOf = (cell: ReturnType<Page['locator']>) =>
    cell.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });
  expect(await linesOf(table.getByRole('rowheader', { name: 'rollout' }))).toBe(1);
  expect(await linesOf(table.getByRole('cell', { name: 'deploy-7' }))).toBe(1);
});
