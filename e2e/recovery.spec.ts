import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { pageLogLines } from '../scripts/pageLog';
import { fixtureText, openPage, waitForView } from './helpers';

const file = (name: string, text: string) => ({ name, mimeType: 'application/x-ndjson', buffer: Buffer.from(text) });
const o1 = () => file('o1.jsonl', fixtureText('o1.jsonl'));
const bad = () => file('bad-lines.jsonl', fixtureText('bad-lines.jsonl'));

async function openO1(page: Page): Promise<void> {
  await openPage(page);
  await page.getByLabel('Open files').setInputFiles(o1());
  await waitForView(page);
  await expect(page.getByRole('list', { name: 'Findings' })).toContainText('decision-flip');
}

/** The inputs header lists exactly these files, in order. */
async function expectInputs(page: Page, names: string[]): Promise<void> {
  await expect(page.getByRole('region', { name: 'Inputs' }).locator('tbody td.input-name')).toHaveText(names);
}

/** The earlier view still works: the slider steps and the state follows. */
async function expectUsable(page: Page): Promise<void> {
  const slider = page.getByRole('slider', { name: 'Cutoff (acceptance sequence)' });
  await slider.focus();
  await page.keyboard.press('Home');
  await expect(slider).toHaveValue('1');
  await expect(page.getByRole('region', { name: 'State at cutoff' })).toContainText('1 future leak');
}

test('a worker that crashes mid-load leaves the page usable, says so, keeps the earlier inputs, and the next load works', async ({ page }) => {
  await openO1(page);
  // On its next request the worker starts reading the new file and dies with an uncaught error, as a reader bug would.
  await page.workers()[0]!.evaluate(() => {
    self.onmessage = (e: MessageEvent<{ id: number; files: { name: string }[] }>) => {
      const name = e.data.files.at(-1)!.name;
      self.postMessage({ type: 'progress', id: e.data.id, file: name, message: `Reading ${name}` });
      setTimeout(() => {
        throw new Error('simulated crash');
      });
    };
  });
  await page.getByLabel('Open files').setInputFiles(bad());
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText('The reader stopped unexpectedly while reading bad-lines.jsonl (Uncaught Error: simulated crash). The inputs open before are unchanged.');
  await expectInputs(page, ['o1.jsonl']);
  await expectUsable(page);

  // A fresh worker reads the next request.
  await page.getByLabel('Open files').setInputFiles(bad());
  await expectInputs(page, ['o1.jsonl', 'bad-lines.jsonl']);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Rejected lines' })).toContainText('line 2');
});

test('a worker that stops answering is cancelled: the earlier inputs stay, and the next load works', async ({ page }) => {
  await openO1(page);
  await page.workers()[0]!.evaluate(() => {
    self.onmessage = () => undefined;
  });
  await page.getByLabel('Open files').setInputFiles(bad());
  const status = page.getByRole('status').filter({ hasText: 'Reading' });
  await expect(status).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('status', { name: 'Notices' })).toHaveText('Loading was cancelled. The inputs open before are unchanged.');
  await expectInputs(page, ['o1.jsonl']);
  await expectUsable(page);
  await expect.poll(() => page.workers().length).toBe(0);

  await page.getByLabel('Open files').setInputFiles(bad());
  await expectInputs(page, ['o1.jsonl', 'bad-lines.jsonl']);
});

test('a large load in flight is cancelled with its worker, and the page is as it was', async ({ page }) => {
  test.setTimeout(60_000);
  await openO1(page);
  const big = pageLogLines(300_000).join('\n');
  expect(big.length).toBeGreaterThan(30_000_000);
  await page.getByLabel('Open files').setInputFiles(file('big.jsonl', big));
  const cancel = page.getByRole('button', { name: 'Cancel' });
  await expect(cancel).toBeVisible();
  await cancel.click();
  await expect(page.getByRole('status', { name: 'Notices' })).toContainText('Loading was cancelled.');
  await expectInputs(page, ['o1.jsonl']);
  await expectUsable(page);
  await page.getByLabel('Open files').setInputFiles(bad());
  await expectInputs(page, ['o1.jsonl', 'bad-lines.jsonl']);
});

test('the same file opened twice is recognised by its hash and not added again', async ({ page }) => {
  await openO1(page);
  await page.getByLabel('Open files').setInputFiles(o1());
  const notices = page.getByRole('status', { name: 'Notices' });
  await expect(notices).toHaveText(/^o1\.jsonl is already open \(same SHA-256, [0-9a-f]{12}…\); it was not added again\.$/);
  await expectInputs(page, ['o1.jsonl']);

  // Same bytes under another name, beside a new file: the new one opens, the copy is named.
  await page.getByLabel('Open files').setInputFiles([file('copy of o1.jsonl', fixtureText('o1.jsonl')), bad()]);
  await expect(notices).toContainText('copy of o1.jsonl is already open as o1.jsonl');
  await expectInputs(page, ['o1.jsonl', 'bad-lines.jsonl']);
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notices).toHaveCount(0);
});

test('a gzip of a log already open, or another gzip of it, is the same log and not added again', async ({ page }) => {
  await openO1(page);
  const gz = (name: string, level: number, mtime: number) => {
    const buffer = gzipSync(fixtureText('o1.jsonl'), { level });
    buffer.writeUInt32LE(mtime, 4);
    return { name, mimeType: 'application/gzip', buffer };
  };
  await page.getByLabel('Open files').setInputFiles(gz('o1.jsonl.gz', 9, 0));
  const notices = page.getByRole('status', { name: 'Notices' });
  await expect(notices).toHaveText(/^o1\.jsonl\.gz is already open as o1\.jsonl \(same content once decompressed, SHA-256 [0-9a-f]{12}…\); it was not added again\.$/);
  await expectInputs(page, ['o1.jsonl']);
  await expect(page.getByRole('list', { name: 'Findings' })).not.toContainText('duplicate-accept-seq');

  // Two gzips of one log, at other levels and times, beside a new file: the new one opens, the second gzip is named.
  await page.getByLabel('Open files').setInputFiles([gz('a.jsonl.gz', 1, 1_700_000_000), gz('b.jsonl.gz', 6, 1_600_000_000), bad()]);
  await expect(notices).toContainText('a.jsonl.gz is already open as o1.jsonl (same content once decompressed');
  await expect(notices).toContainText('b.jsonl.gz is already open as o1.jsonl (same content once decompressed');
  await expectInputs(page, ['o1.jsonl', 'bad-lines.jsonl']);
  await expect(page.getByRole('list', { name: 'Findings' })).not.toContainText('duplicate-accept-seq');
});

test('a file over the page limit is refused before it is read, with its size, the limit and the CLI to use', async ({ page }) => {
  // ?maxFileMB lowers the page's 256 MiB limit so a small file can stand for a huge one.
  await openPage(page, '?maxFileMB=0.0625');
  const big = pageLogLines(2_000).join('\n');
  await page.getByLabel('Open files').setInputFiles([file('big incident.jsonl', big), o1()]);
  const refused = page.getByRole('alert', { name: 'Not opened' });
  await expect(refused).toContainText(`big incident.jsonl is ${(big.length / 1024).toFixed(1)} KiB (${big.length.toLocaleString('en-US')} bytes), over the 64 KiB this page can hold for one file, so it was not read.`);
  await expect(refused).toContainText("npx seqscope check 'big incident.jsonl' --report report.md");
  await expectInputs(page, ['o1.jsonl']);
});

test('a comparison file over the page limit is refused the same way', async ({ page }) => {
  await openPage(page, '?maxFileMB=0.0625');
  await page.getByLabel('Open files').setInputFiles(o1());
  await waitForView(page);
  await page.getByLabel('Compare with…').setInputFiles(file('other run.jsonl', pageLogLines(2_000).join('\n')));
  const refused = page.getByRole('alert', { name: 'Not opened' });
  await expect(refused).toContainText('other run.jsonl is');
  await expect(refused).toContainText('over the 64 KiB this page can hold for one file, so it was not read.');
  await expectInputs(page, ['o1.jsonl']);
  await expectUsable(page);
});

test('a line over the line limit is a rejected line with its length, and the rest loads', async ({ page }) => {
  test.setTimeout(60_000);
  await openPage(page);
  const huge = `{"kind": "input", "id": "huge", "accept_seq": 3, "op": "set", "key": "blob", "value": "${'x'.repeat(16 * 1024 * 1024)}"}`;
  const text = [fixtureText('o1.jsonl').trim(), huge, ''].join('\n');
  await page.getByLabel('Open files').setInputFiles(file('huge-line.jsonl', text));
  const rejected = page.getByRole('region', { name: 'Rejected lines' });
  await expect(rejected).toContainText(`line 3: ${huge.length.toLocaleString('en-US')} characters long, over the 16 MiB line limit; not parsed`);
  await expect(page.getByRole('list', { name: 'Findings' })).toContainText('decision-flip');
  expect(await rejected.innerText()).not.toContain('xxxxxxxx');
});
