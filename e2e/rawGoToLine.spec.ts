import { expect, test } from '@playwright/test';
import { openPage, waitForView } from './helpers';

/** 5,000 lines of session s, but line 3 (not JSON) and line 7 (session t). */
function runLog(): string {
  const lines = Array.from({ length: 5000 }, (_, i) => JSON.stringify({ kind: 'input', id: `m${i + 1}`, op: 'allow', session: i === 6 ? 't' : 's', accept_seq: i + 1 }));
  lines[2] = '{"kind": "input", "id": ';
  return lines.join('\n') + '\n';
}

test('raw file order goes to a line: the record there is selected and shown, and a rejected line says why', async ({ page }) => {
  await openPage(page);
  await page.getByLabel('Open files').setInputFiles({ name: 'run.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(runLog()) });
  await waitForView(page);
  await page.getByRole('radio', { name: 'Raw file order' }).check();
  const table = page.getByRole('table', { name: /in file order/ });
  const form = page.getByRole('form', { name: 'Go to line in session s' });
  const status = form.getByRole('status');

  await form.getByRole('textbox', { name: 'Go to line' }).fill('4,213');
  await form.getByRole('textbox', { name: 'Go to line' }).press('Enter');
  await expect(status).toHaveText('Line 4213 is selected.');
  await expect(table.getByRole('button', { name: 'Show line 4213', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(table.getByRole('button', { name: 'Show line 4213', exact: true })).toBeInViewport();
  await expect(page.getByRole('region', { name: 'Record' })).toContainText('m4213');

  await form.getByRole('textbox', { name: 'Go to line' }).fill('3');
  await form.getByRole('button', { name: 'Go' }).click();
  await expect(status).toContainText(/^Line 3 was rejected: not valid JSON/);
  await expect(page.getByRole('region', { name: 'Record' })).toContainText('m4213');

  await form.getByRole('textbox', { name: 'Go to line' }).fill('7');
  await form.getByRole('button', { name: 'Go' }).click();
  await expect(status).toHaveText('Line 7 is in session t, not this one. Show it in session t');
  await form.getByRole('textbox', { name: 'Go to line' }).fill('9000');
  await form.getByRole('button', { name: 'Go' }).click();
  await expect(status).toHaveText('There is no line 9000: run.jsonl has 5,000 lines.');
});
