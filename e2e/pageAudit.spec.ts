import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { fixture, openPage, waitForView } from './helpers';

const mixed = fileURLToPath(new URL('../public/samples/mixed-incident.jsonl', import.meta.url));
const slider = (page: import('@playwright/test').Page) => page.getByRole('slider', { name: 'Cutoff (acceptance sequence)' });

test('a file added to files already open keeps the session, cutoff and record being looked at', async ({ page }) => {
  await openPage(page);
  await page.getByLabel('Open files').setInputFiles(mixed);
  await waitForView(page);
  await page.getByLabel('Session', { exact: true }).selectOption('support-2');
  await slider(page).focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await expect(slider(page)).toHaveValue('2');
  await page.getByRole('list', { name: 'Findings' }).getByRole('listitem').filter({ hasText: 'stale-reference' }).getByRole('button').click();
  const record = page.getByRole('region', { name: 'Record' });
  await expect(record).toContainText('mixed-incident.jsonl:10');

  await page.getByLabel('Open files').setInputFiles(fixture('o1.jsonl'));
  await expect(page.getByRole('region', { name: 'Inputs' })).toContainText('o1.jsonl');
  await expect(page.getByLabel('Session', { exact: true })).toHaveValue('support-2');
  await expect(slider(page)).toHaveValue('2');
  await expect(record).toContainText('mixed-incident.jsonl:10');
});

test('two files of one name from two places are told apart in the inputs and the findings; the same file again is said by its own name', async ({ page }) => {
  await openPage(page);
  await page.getByLabel('Open files').setInputFiles(fixture('o1.jsonl'));
  await waitForView(page);
  const other = '{"kind":"input","id":"m1","op":"set","key":"mode","value":"x","session":"exp","accept_seq":1}\n';
  await page.getByLabel('Open files').setInputFiles({ name: 'o1.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(other) });
  const inputs = page.getByRole('region', { name: 'Inputs' });
  await expect(inputs).toContainText('o1 (2).jsonl');
  await expect(page.getByRole('list', { name: 'Findings' })).toContainText('o1 (2).jsonl:1');
  await page.getByLabel('Open files').setInputFiles(fixture('o1.jsonl'));
  await expect(page.getByText(/^o1\.jsonl is already open \(same SHA-256/)).toBeVisible();
});

test('on a phone, a record chosen from the eval identities is brought into view below the sticky top bar, not under it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openPage(page);
  // A record whose panel is taller than the screen, so the page can scroll its heading all the way up.
  const note = Array.from({ length: 80 }, (_, k) => `step ${k}: checked`).join('\n');
  const lines = [{ kind: 'eval', id: 'a', status: 'pass' }, { kind: 'eval', id: 'b', status: 'fail', note }, { kind: 'eval', id: 'c', status: 'pass' }];
  await page.getByLabel('Open files').setInputFiles({ name: 'evals.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(lines.map((l) => JSON.stringify(l)).join('\n')) });
  await page.getByText(/All \d+ identities/).click();
  await page.getByRole('button', { name: 'Show line 2', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Record' })).toContainText('evals.jsonl:2');
  const heading = page.getByRole('heading', { name: 'Record' });
  const bar = (await page.locator('.topbar').boundingBox())!;
  await expect.poll(async () => (await heading.boundingBox())!.y, { timeout: 3000 }).toBeGreaterThanOrEqual(bar.y + bar.height);
  expect((await heading.boundingBox())!.y).toBeLessThan(bar.y + bar.height + 40);
});

test('the paste box says that any format Seqscope reads can be pasted, and a pasted Agents SDK run state opens as one', async ({ page }) => {
  await openPage(page);
  await page.getByRole('button', { name: 'Paste text' }).click();
  await expect(page.getByRole('dialog')).toContainText('Its format is read from the text');
  const runState = { $schemaVersion: '1.17', current_agent: { name: 'agent' }, original_input: 'hi', model_responses: [{ output: [], response_id: 'resp_1', usage: {} }], generated_items: [] };
  await page.getByRole('textbox', { name: 'Log text' }).fill(JSON.stringify(runState, null, 2));
  await page.getByRole('button', { name: 'Open text' }).click();
  await expect(page.getByRole('region', { name: 'Inputs' })).toContainText('agents-run-state');
});
