import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { openPage, waitForView } from './helpers';

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
  await page.getByLabel('Compare with a sample').selectOption('eval-run-b.jsonl');
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
