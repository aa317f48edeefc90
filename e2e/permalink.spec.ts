import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { fixture, openPage, waitForView } from './helpers';

const slider = (page: Page) => page.getByRole('slider', { name: 'Cutoff (acceptance sequence)' });
const detailLoc = (page: Page) => page.getByRole('region', { name: 'Record' }).locator('.detail-loc');

/** Opens o1.jsonl by hand, moves the cutoff to 1 and chooses the decision flip with m1 in focus. */
async function o1View(page: Page): Promise<void> {
  await openPage(page);
  await page.getByLabel('Open files').setInputFiles(fixture('o1.jsonl'));
  await waitForView(page);
  await page.getByRole('list', { name: 'Findings' }).getByRole('listitem').filter({ hasText: 'decision-flip' }).getByRole('button').first().click();
  await page.getByRole('group', { name: 'Selected records' }).getByRole('button', { name: /m1/ }).click();
  await slider(page).focus();
  await page.keyboard.press('Home');
  await expect(slider(page)).toHaveValue('1');
  await expect(page).toHaveURL(/cutoff=1/);
}

test('a permalink names the files by short hash, asks for them on reload, and restores the same view from the same file', async ({ page }) => {
  await o1View(page);
  await expect(page).toHaveURL(/[?&]in=[0-9a-f]{12}:o1\.jsonl/);
  await expect(page).toHaveURL(/sel=0:2/);
  const url = page.url();
  const hash = /in=([0-9a-f]{12})/.exec(url)![1]!;
  await expect(detailLoc(page)).toHaveText('o1.jsonl:2');

  await page.reload();
  const request = page.getByRole('heading', { name: 'Open the files this link shows' });
  await expect(request).toBeVisible();
  const files = page.getByRole('table', { name: 'Files the link names' });
  await expect(files).toContainText('o1.jsonl');
  await expect(files).toContainText(hash);
  // Nothing of the log is in the page before the file is given.
  await expect(page.getByRole('list', { name: 'Findings' })).toHaveCount(0);

  await page.getByLabel('Provide the files').setInputFiles(fixture('o1.jsonl'));
  await waitForView(page);
  await expect(slider(page)).toHaveValue('1');
  await expect(detailLoc(page)).toHaveText('o1.jsonl:2');
  await expect(page.getByRole('list', { name: 'Findings' }).getByRole('listitem').filter({ hasText: 'decision-flip' }).getByRole('button').first()).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page).toHaveURL(url);
});

test('a file with the linked name but other content is named as a mismatch, expected against found, and never used silently', async ({ page }) => {
  await o1View(page);
  const url = page.url();
  const expected = /in=([0-9a-f]{12})/.exec(url)![1]!;
  await page.goto(url);
  const other = readFileSync(fixture('o1.jsonl'), 'utf8').replace('"m2"', '"m9"');
  await page.getByLabel('Provide the files').setInputFiles({ name: 'o1.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(other) });
  const alert = page.getByRole('alert').filter({ hasText: 'does not match the link' });
  await expect(alert).toContainText(`o1.jsonl does not match the link: expected SHA-256 ${expected}…, found `);
  await expect(page.getByRole('heading', { name: 'Open the files this link shows' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Findings' })).toHaveCount(0);

  // Opening it anyway is a choice, and the page keeps saying the view is not the linked one.
  await page.getByRole('button', { name: 'Open the given files anyway' }).click();
  await waitForView(page);
  const warning = page.getByRole('alert', { name: 'Hash mismatch' });
  await expect(warning).toContainText('not the ones the link names');
  await expect(warning).toContainText(`expected SHA-256 ${expected}…`);
});

test('an evidence bundle opens again: it asks for its file, checks it, and restores the view and the notes', async ({ page }, testInfo) => {
  await o1View(page);
  const detail = page.getByRole('region', { name: 'Record' });
  await detail.getByRole('button', { name: 'Add a note on this record' }).click();
  await detail.getByLabel('Note on this record').fill('m1 is the allow accepted first <b>really</b>');
  await detail.getByRole('button', { name: 'Save note' }).click();
  await expect(detail.getByLabel('Note on this record')).toHaveText('m1 is the allow accepted first <b>really</b>');

  await page.getByRole('button', { name: 'Export ▾' }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /Evidence bundle \(JSON\)/ }).click()]);
  expect(download.suggestedFilename()).toBe('o1.evidence.json');
  const path = testInfo.outputPath('o1.evidence.json');
  await download.saveAs(path);
  const bundle = JSON.parse(readFileSync(path, 'utf8'));
  expect(bundle).toMatchObject({ seqscope: 'evidence-bundle', version: 1, view: { cutoff: 1, selection: { file: 0, line: 2 } } });
  expect(bundle.cited.map((c: { line: number }) => c.line)).toEqual([1, 2]);
  expect(bundle.report).toContain('m1 is the allow accepted first');

  // A fresh browser state: the note can only come back from the bundle.
  await page.evaluate(() => localStorage.clear());
  await page.goto('./');
  await page.getByLabel('Open files').setInputFiles(path);
  await expect(page.getByRole('heading', { name: 'Open the files this evidence bundle was made from' })).toBeVisible();
  // Someone deciding whether the bundle may be handed on reads what it holds: lines of the log, not the file.
  const request = page.getByRole('main');
  await expect(request).not.toContainText('no log content');
  await expect(request).toContainText('does not hold the file itself. It does hold log content: 2 raw lines that its findings, selection and notes cite');
  await expect(page.getByRole('region', { name: 'In the bundle' })).toContainText('The lines and the report quote the logs as they are; the full files are not in the bundle.');
  await page.getByLabel('Provide the files').setInputFiles({ name: 'o1.jsonl', mimeType: 'text/plain', buffer: Buffer.from('{"kind":"input"}\n') });
  await expect(page.getByRole('alert').filter({ hasText: 'does not match' })).toBeVisible();

  await page.getByLabel(/Provide the/).setInputFiles(fixture('o1.jsonl'));
  await waitForView(page);
  await expect(slider(page)).toHaveValue('1');
  await expect(detailLoc(page)).toHaveText('o1.jsonl:2');
  await expect(detail.getByLabel('Note on this record')).toHaveText('m1 is the allow accepted first <b>really</b>');
  await expect(page).toHaveURL(/in=[0-9a-f]{12}:o1\.jsonl.*cutoff=1/);
});

test('back and forward between links of files still open in the tab reopen them without asking', async ({ page }) => {
  await openPage(page);
  await page.getByLabel('Open files').setInputFiles(fixture('o1.jsonl'));
  await waitForView(page);
  await expect(page).toHaveURL(/in=[0-9a-f]{12}:o1\.jsonl/);
  await page.getByLabel('Open files').setInputFiles(fixture('bad-lines.jsonl'));
  await expect(page).toHaveURL(/in=[0-9a-f]{12}:o1\.jsonl&in=[0-9a-f]{12}:bad-lines\.jsonl/);
  await page.goBack();
  await expect(page.getByRole('region', { name: 'Inputs' }).getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('region', { name: 'Inputs' })).not.toContainText('bad-lines.jsonl');
  await expect(page.getByRole('heading', { name: 'Open the files this link shows' })).toHaveCount(0);
});
