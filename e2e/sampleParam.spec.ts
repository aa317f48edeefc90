import { expect, test, type Page } from '@playwright/test';
import { foreignRequests } from './guards';
import { openPage } from './helpers';

/** Every URL the page itself asks for from now on (not the address it is opened at). */
function requestsOf(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => {
    if (!r.isNavigationRequest()) urls.push(r.url());
  });
  return urls;
}

const notRead = (page: Page) => page.getByRole('alert', { name: 'Not opened' });

test('a sample name the index does not list is never fetched, and the page names the samples there are', async ({ page, baseURL }) => {
  const urls = requestsOf(page);
  await openPage(page, '?sample=o1-flipp.jsonl');
  await expect(notRead(page)).toContainText('There is no bundled sample named “o1-flipp.jsonl”. The samples are: o0-in-order.jsonl, o1-flip.jsonl, ');
  await expect(page.getByRole('region', { name: 'Inputs' })).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Findings' })).toHaveCount(0);
  expect(urls.some((u) => u.includes('o1-flipp'))).toBe(false);
  expect(foreignRequests(urls, new URL(baseURL!).origin)).toEqual([]);

  // The empty page still offers the samples, and the notice goes with the load of one.
  await page.getByRole('main').getByRole('button', { name: /^O1 —/ }).click();
  await expect(page.getByRole('region', { name: 'Inputs' })).toContainText('o1-flip.jsonl');
  await expect(notRead(page)).toHaveCount(0);
});

test('a comparison sample the index does not list is said in the comparison panel', async ({ page }) => {
  await openPage(page, '?sample=o1-flip.jsonl&compare=compare-badd.jsonl');
  await expect(page.getByRole('region', { name: 'Inputs' })).toContainText('o1-flip.jsonl');
  await expect(page.getByRole('alert').filter({ hasText: 'There is no bundled sample named “compare-badd.jsonl”.' })).toContainText('compare-bad.jsonl, ');
});

test('a path or a web address as the sample is ignored, and the page says so and why, quoting it as text', async ({ page, baseURL }) => {
  const urls = requestsOf(page);
  const why = "which is not a plain file name, so it was ignored: samples are fetched only by name, from this page's own samples folder.";
  await openPage(page, '?sample=..%2Findex.html');
  await expect(notRead(page)).toHaveText('The address asks to open the sample “../index.html”, ' + why);

  await openPage(page, '?sample=https://evil.example/x.jsonl');
  await expect(notRead(page)).toHaveText('The address asks to open the sample “https://evil.example/x.jsonl”, ' + why);

  await openPage(page, '?sample=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E');
  await expect(notRead(page)).toContainText('“<img src=x onerror=alert(1)>”');
  await expect(page.locator('img')).toHaveCount(0);

  expect(urls.some((u) => u.includes('evil.example') || u.includes('x.jsonl'))).toBe(false);
  expect(foreignRequests(urls, new URL(baseURL!).origin)).toEqual([]);
  await expect(page.getByRole('region', { name: 'Inputs' })).toHaveCount(0);
});

test('a sample answered with a web page (a host falling back to index.html) is refused, not read as a log', async ({ page }) => {
  await page.route('**/samples/o1-flip.jsonl', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html>\n<html lang="en"><head><title>Seqscope</title></head></html>\n' }),
  );
  await openPage(page, '?sample=o1-flip.jsonl');
  await expect(page.getByRole('alert').filter({ hasText: 'o1-flip.jsonl: the sample could not be fetched' })).toHaveText(
    'o1-flip.jsonl: the sample could not be fetched (the server answered with a web page, not the sample)',
  );
  await expect(page.getByRole('region', { name: 'Inputs' })).toHaveCount(0);
});
