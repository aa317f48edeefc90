import { expect, test } from '@playwright/test';
import { fixtureFile, openPage, waitForView } from './helpers';

test('the views of an analysis are fetched while the empty page waits, before any file is chosen', async ({ page }) => {
  const fetched = page.waitForRequest(/Workspace-[^/]*\.js$/);
  await openPage(page);
  await expect(page.getByRole('button', { name: 'Samples' })).toBeVisible();
  await fetched;
  await page.getByLabel('Open files').setInputFiles(fixtureFile('o1.jsonl'));
  await waitForView(page);
  await expect(page.getByRole('list', { name: 'Findings' })).toContainText('decision-flip');
});

test('when the views cannot be fetched (a tab left open across a new deployment), the page says so and stays usable', async ({ page }) => {
  await page.route(/Workspace-[^/]*\.js$/, (route) => route.abort());
  await openPage(page);
  await page.getByLabel('Open files').setInputFiles(fixtureFile('o1.jsonl'));
  await expect(page.getByRole('alert').filter({ hasText: 'The views could not be loaded' })).toContainText('reload the page to see them');
  await expect(page.getByLabel('Open files')).toBeAttached();
  await expect(page.getByRole('button', { name: 'Samples' })).toBeEnabled();
});

test('after the views could not be fetched (a brief network drop), the next file opened fetches them again and shows them', async ({ page }) => {
  let networkDown = true;
  await page.route(/Workspace-[^/]*\.js$/, (route) => (networkDown ? route.abort() : route.continue()));
  await openPage(page);
  await page.getByLabel('Open files').setInputFiles(fixtureFile('o1.jsonl'));
  const failed = page.getByRole('alert').filter({ hasText: 'The views could not be loaded' });
  await expect(failed).toBeVisible();
  const retried = page.waitForRequest(/Workspace-[^/]*\.js$/);
  await page.getByLabel('Open files').setInputFiles(fixtureFile('o1.jsonl'));
  await retried;
  await expect(failed).toContainText('reload the page to see them');
  networkDown = false;
  await page.getByLabel('Open files').setInputFiles(fixtureFile('o1.jsonl'));
  await waitForView(page);
  await expect(page.getByRole('list', { name: 'Findings' })).toContainText('decision-flip');
  await expect(failed).toHaveCount(0);
});
